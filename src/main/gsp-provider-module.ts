import { pathToFileURL } from 'node:url';
import type { Clock } from '../kernel/clock';
import type { GspProvider } from '../modules/gsp';

/** What an operator's adapter module is given: where Bahi keeps its files, and its clock. */
export interface GspAdapterContext { dataDir: string; clock: Clock }

const METHODS = ['generateIrn', 'irnDetails', 'cancelIrn', 'generateEWayBill', 'cancelEWayBill'] as const;

/**
 * BAHI_EINVOICE_PROVIDER=module:<path>: the operator's adapter for their GSP, a module whose
 * default export makes a GspProvider (docs/operations.md, "Plugging in a GSP"). Loaded once at
 * start; one that does not export a provider stops the start.
 */
export async function loadGspAdapter(modulePath: string, context: GspAdapterContext): Promise<GspProvider> {
  const loaded = (await import(pathToFileURL(modulePath).href)) as { default?: unknown };
  if (typeof loaded.default !== 'function') throw new Error(`BAHI_EINVOICE_PROVIDER: ${modulePath} has no default export making a provider`);
  const provider = (await (loaded.default as (c: GspAdapterContext) => unknown)(context)) as Partial<GspProvider> | null;
  const missing = METHODS.filter((m) => typeof provider?.[m] !== 'function');
  if (!provider || typeof provider.name !== 'string' || missing.length > 0) {
    throw new Error(`BAHI_EINVOICE_PROVIDER: ${modulePath} made no provider (a name and ${METHODS.join(', ')}; missing: ${missing.join(', ') || 'name'})`);
  }
  return provider as GspProvider;
}
