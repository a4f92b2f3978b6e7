import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { adminClient } from '../cli/admin-client';
import { ADMIN_COMMANDS } from '../cli/commands';
import { loadConfig } from '../config';

/**
 * `bahi <command>`: serve, worker and migrate run here; every other command is an
 * admin API call (BAHI_URL, BAHI_ADMIN_TOKEN), so the CLI and the API never disagree.
 * A local command loads the service's code when it runs: an admin call, which needs none of
 * it, starts in a fraction of the time.
 */
const LOCAL: Record<string, { usage: string; run(): Promise<void> }> = {
  serve: { usage: 'run the API server (same as npm start)', run: async () => { await import('./api'); } },
  worker: { usage: 'run background jobs only', run: async () => { await import('./worker'); } },
  'ledger verify': {
    usage: 'check every journal entry balances, in total and in each branch, and every document agrees with its postings',
    async run() {
      const { composeApp } = await import('./compose');
      const app = await composeApp(loadConfig(), { logger: false });
      const problems = await app.reports.verify();
      await app.close();
      process.stdout.write(problems.length === 0 ? 'ledger ok: every entry balances, in total and in each branch, and every document agrees with its postings\n' : `${problems.join('\n')}\n`);
      if (problems.length > 0) process.exitCode = 1;
    },
  },
  'secret export': {
    usage: 'print the sealing key this database kept, to set BAHI_SECRET to (docs/operations.md, Upgrades and migrations)',
    async run() {
      const [{ openDatabase }, { keptSealingKey }] = await Promise.all([import('../db/database'), import('../platform/secrets/sealing-key')]);
      const config = loadConfig();
      const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const key = await keptSealingKey(database, config.dataDir).finally(() => database.close());
      if (key === null) throw new Error('no sealing key is kept here: the key is BAHI_SECRET (a start with it set retired the stored one)');
      // The key alone on stdout, so that `BAHI_SECRET=$(bahi secret export)` takes it whole.
      process.stdout.write(`${key}\n`);
    },
  },
  migrate: {
    usage: 'apply pending migrations and exit',
    async run() {
      const { openDatabase } = await import('../db/database');
      const config = loadConfig();
      const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      await database.migrate();
      await database.close();
      process.stdout.write('migrations applied\n');
    },
  },
};

const text = { type: 'string' } as const;
const CLI_OPTIONS = {
  name: text, state: text, gstin: text, currency: text, 'email-from': text, 'books-start': text, email: text,
  org: { type: 'string', multiple: true }, scope: { type: 'string', multiple: true },
  user: text, kind: text, 'expires-at': text, tier: text, 'rate-limit': text, type: text, code: text, start: text, end: text,
  unlock: { type: 'boolean' },
} as const;

/** The version npm installed, read from package.json so that it cannot drift from a release. */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return `bahi ${pkg.version}\n`;
}

function help(): string {
  const lines = [
    'usage: bahi <command> [options]',
    '  --version        print the version',
    ...Object.entries(LOCAL).map(([name, c]) => `  ${name.padEnd(16)} ${c.usage}`),
    ...Object.entries(ADMIN_COMMANDS).map(([name, c]) => `  ${name.padEnd(16)} ${c.usage}`),
  ];
  return `${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<void> {
  const [first, second] = argv;
  if (!first || first === 'help' || first === '--help') {
    process.stdout.write(help());
    return;
  }
  if (first === '--version') {
    process.stdout.write(version());
    return;
  }
  const local = LOCAL[first] ?? LOCAL[`${first} ${second ?? ''}`];
  if (local) return local.run();
  const name = `${first} ${second ?? ''}`.trim();
  const command = ADMIN_COMMANDS[name];
  if (!command) throw new Error(`unknown command "${name}"\n${help()}`);
  const { values, positionals } = parseArgs({ args: argv.slice(2), options: CLI_OPTIONS, strict: true, allowPositionals: true });
  const env = process.env;
  const api = adminClient(env.BAHI_URL ?? 'http://127.0.0.1:8080', env.BAHI_ADMIN_TOKEN);
  const result = await command.run(api, values as Record<string, string | string[] | boolean | undefined>, positionals);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bahi: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
