#!/usr/bin/env node
// Sum vitest JSON reports into the one-line CI summary.
//
//   node scripts/sum-test-reports.mjs [--crashed=N] [report.json ...]
//
// Prints exactly one line to stdout, "<passed> passed, <failed> failed", and
// per-report details to stderr. --crashed=N adds N failures for phases that
// died without writing a report (e.g. typecheck failed, so vitest never ran):
// each such phase counts as one failed test, so a broken build can never be
// summarised as "0 failed".
//
// Exit status: 0 if nothing failed, 1 if something failed, 2 on bad usage.
// Plain ESM with no dependencies so it runs straight after a failed `npm ci`.

import { readFileSync } from 'node:fs';

function usage(message) {
  process.stderr.write(`sum-test-reports: ${message}\n`);
  process.stderr.write('usage: sum-test-reports.mjs [--crashed=N] [report.json ...]\n');
  process.exit(2);
}

let crashed = 0;
const reports = [];
for (const arg of process.argv.slice(2)) {
  const m = /^--crashed=(.*)$/.exec(arg);
  if (m) {
    if (!/^\d+$/.test(m[1])) usage(`--crashed needs a non-negative integer, got "${m[1]}"`);
    crashed += Number(m[1]);
  } else if (arg.startsWith('--')) {
    usage(`unknown option ${arg}`);
  } else {
    reports.push(arg);
  }
}

const count = (value) => (Number.isInteger(value) && value >= 0 ? value : 0);

// Returns { passed, failed } for one vitest JSON report.
function summarise(path) {
  let report;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    // A report we cannot read tells us nothing passed; count it as a crash.
    process.stderr.write(`sum-test-reports: ${path}: unreadable (${String(error.message).replace(/\s+/g, ' ')}); counting 1 failure\n`);
    return { passed: 0, failed: 1 };
  }
  if (report === null || typeof report !== 'object' || !('numFailedTests' in report)) {
    process.stderr.write(`sum-test-reports: ${path}: not a vitest JSON report; counting 1 failure\n`);
    return { passed: 0, failed: 1 };
  }

  const passed = count(report.numPassedTests);
  let failed = count(report.numFailedTests);

  // A test file that fails to load (syntax error, bad import, throwing
  // beforeAll) has no failed *tests*, only a failed file; numFailedTests would
  // miss it, so count each such file as one failure.
  for (const file of Array.isArray(report.testResults) ? report.testResults : []) {
    const assertions = Array.isArray(file?.assertionResults) ? file.assertionResults : [];
    if (file?.status === 'failed' && !assertions.some((a) => a?.status === 'failed')) {
      process.stderr.write(`sum-test-reports: ${path}: ${file.name}: file failed: ${file.message || '(no message)'}\n`);
      failed += 1;
    }
  }

  // vitest also marks a run unsuccessful when, e.g., no test files matched.
  if (report.success === false && failed === 0) {
    process.stderr.write(`sum-test-reports: ${path}: run marked unsuccessful; counting 1 failure\n`);
    failed = 1;
  }

  process.stderr.write(`sum-test-reports: ${path}: ${passed} passed, ${failed} failed\n`);
  return { passed, failed };
}

let passed = 0;
let failed = crashed;
if (crashed > 0) {
  process.stderr.write(`sum-test-reports: ${crashed} phase(s) failed without a report showing it; counting 1 failure each\n`);
}
for (const path of reports) {
  const r = summarise(path);
  passed += r.passed;
  failed += r.failed;
}

process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
