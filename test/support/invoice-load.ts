import { performance } from 'node:perf_hooks';
import type { HttpClient } from './http-client';
import { newKey } from './test-app';

/*
 * Steady invoice creates from several clients, as an integration that follows the contract would
 * send them: each create has its own Idempotency-Key, and a 503 or a dropped connection is retried
 * with the same key until it is answered 201. So when the load stops, every create it started has
 * been acknowledged once, and the books must hold exactly one invoice for each.
 */

export interface Acknowledged {
  key: string;
  invoiceId: string;
  invoiceNumber: string;
  /** performance.now() when the 201 arrived. */
  at: number;
}

export interface LoadReport {
  acknowledged: Acknowledged[];
  /** 503 answers: each carried service.unavailable and Retry-After (anything else is in `unexpected`). */
  unavailable: number;
  /** Requests whose connection failed without an answer (the server dropping it, or gone). */
  noAnswer: number;
  /** Any other answer: none is allowed. */
  unexpected: { status: number; body: unknown }[];
}

export interface InvoiceLoad {
  report: LoadReport;
  /** Lets each client finish the create it is on (retrying until it is acknowledged, for at most `drainMs`), then stops. */
  stop(drainMs?: number): Promise<LoadReport>;
}

const RETRY_PAUSE_MS = 50;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function invoiceBody(customerId: string): Record<string, unknown> {
  return {
    customer_id: customerId, date: '2026-11-20', place_of_supply: 'IN-KA', auto_approve: true,
    line_items: [{ name: 'Load', hsn_or_sac: '8471', rate: 1000, quantity: 1 }],
  };
}

/**
 * `clients` creating invoices one after another; with `ratePerSecond`, new creates start at that
 * steady rate between them (retries of a create are not paced: they follow RETRY_PAUSE_MS).
 */
export function startInvoiceLoad(api: HttpClient, customerId: string, clients: number, { ratePerSecond }: { ratePerSecond?: number } = {}): InvoiceLoad {
  const report: LoadReport = { acknowledged: [], unavailable: 0, noAnswer: 0, unexpected: [] };
  let stopping = false;
  let drainDeadline = Infinity;
  let nextStart = performance.now();

  async function waitForTurn(): Promise<void> {
    if (!ratePerSecond) return;
    const slot = Math.max(nextStart, performance.now());
    nextStart = slot + 1000 / ratePerSecond;
    await pause(slot - performance.now());
  }

  async function createUntilAcknowledged(): Promise<void> {
    const key = newKey();
    while (performance.now() < drainDeadline) {
      const res = await api.post('/invoices', invoiceBody(customerId), { idempotencyKey: key }).catch(() => null);
      if (res === null) {
        report.noAnswer += 1;
      } else if (res.status === 201) {
        report.acknowledged.push({ key, invoiceId: res.body.invoice.invoice_id, invoiceNumber: res.body.invoice.invoice_number, at: performance.now() });
        return;
      } else if (res.status === 503 && res.body?.code === 'service.unavailable' && res.headers.get('retry-after')) {
        report.unavailable += 1;
      } else {
        report.unexpected.push({ status: res.status, body: res.body });
        return;
      }
      await pause(RETRY_PAUSE_MS);
    }
    report.unexpected.push({ status: 0, body: `create under key ${key} was not acknowledged before the drain deadline` });
  }

  const running = Array.from({ length: clients }, async () => {
    for (;;) {
      await waitForTurn();
      if (stopping) return;
      await createUntilAcknowledged();
    }
  });

  return {
    report,
    async stop(drainMs = 30_000) {
      stopping = true;
      drainDeadline = performance.now() + drainMs;
      await Promise.all(running);
      return report;
    },
  };
}

/** Every invoice of the organisation, walking the cursor list. */
export async function allInvoices(api: HttpClient): Promise<{ invoice_id: string; invoice_number: string }[]> {
  const out: { invoice_id: string; invoice_number: string }[] = [];
  let cursor: string | undefined;
  do {
    const res = await api.get(`/invoices?per_page=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`list invoices: ${res.status} ${JSON.stringify(res.body)}`);
    out.push(...res.body.invoices);
    cursor = res.body.page_context.has_more_page ? res.body.page_context.next_cursor : undefined;
  } while (cursor);
  return out;
}
