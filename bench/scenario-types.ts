/**
 * The shapes the benchmarks share (a scenario, a non-rate benchmark's result, a server's
 * settings) and how BENCH_SCENARIOS selects: a module of its own that imports no benchmark,
 * so the benchmarks and scenario lists never import each other in a circle.
 */
import type { ApiClient } from './api-client';

export type Engine = 'sqlite' | 'postgres';

/** What a scenario can use: the seeded organisation and a client to set up more data. */
export interface BenchContext {
  engine: Engine;
  api: ApiClient;
  orgId: string;
  /** Seeded contact ids, oldest first. */
  contactIds: string[];
  /** Unique per run: makes Idempotency-Keys and names unique even against a reused database. */
  runId: string;
  /** Free-form state a scenario's setup leaves for its path/body factories. */
  state: Record<string, unknown>;
  /**
   * Runs the background work a setup left due to the end (its seeding's outbox events are
   * published), so that a scenario measures its requests, not the drain of its own seeding
   * on the server's other thread.
   */
  settle(): Promise<void>;
}

export interface Target {
  /** Requests/s at least this. */
  minRps?: number;
  /** p99 latency (ms) below this. */
  maxP99Ms?: number;
  /** Where the target comes from (shown in the report). */
  source: string;
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/public/v1, built per request (n counts requests across the run). */
  path: (ctx: BenchContext, n: number) => string;
  /** JSON body, built per request. */
  body?: (ctx: BenchContext, n: number) => unknown;
  /** Send a fresh Idempotency-Key with every request. */
  freshIdempotencyKey?: boolean;
  /** The status every request should get; anything else is counted as unexpected. */
  expectStatus: number;
  /** Runs once per engine before the warm-up (e.g. create the documents the scenario reads). */
  setup?: (ctx: BenchContext) => Promise<void>;
  targets?: Partial<Record<Engine, Target>>;
  /** Connections for this scenario instead of BENCH_CONNECTIONS (e.g. 1 to time one batch alone). */
  connections?: number;
  /** Documents one request writes, when not one (a bulk batch): a write's share of the raw engine counts documents. */
  documentsPerRequest?: number;
}

/** BENCH_SCENARIOS: comma-separated substrings of scenario names; an entry that starts with `=` names one exactly. */
export const scenarioSelection = (setting: string | undefined): string[] => (setting ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Whether the selection (empty: everything) picks the scenario or benchmark of this name. */
export const selects = (selection: string[], name: string): boolean =>
  selection.length === 0 || selection.some((s) => (s.startsWith('=') ? name === s.slice(1) : name.includes(s)));

/** Whether the selection names this benchmark itself (`books`, `=books`): for one too long to run unasked. */
export const names = (selection: string[], name: string): boolean => selection.some((s) => s === name || s === `=${name}`);

/** A benchmark that is not a request rate (a drain, a tick, a soak, a report's timing): its figures by name. */
export interface BackgroundResult {
  benchmark: string;
  engine: Engine;
  /** What was measured, by name (seconds, per second, milliseconds). */
  figures: Record<string, number>;
  target: { source: string; met: boolean };
}

/** How a benchmark's server is started: its environment, and where its CPU profile goes. */
export interface ServerSettings {
  cpuProfDir?: string;
  env: Record<string, string>;
}
