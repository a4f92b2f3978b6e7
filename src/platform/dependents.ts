import type { Tx } from '../db/database';

/**
 * Records that hang off a document by its id (comments) and go when the document is
 * deleted. Every use case that deletes a document calls `removeFor` inside its own
 * transaction, so the document and what hangs off it go together or not at all. The
 * removers are wired once, in src/main/compose.ts; ids are prefixed and unique across
 * kinds, so the id alone names the document (a payment is commented on as PAYMENT or RECEIPT).
 */
export type DependentRemover = (tx: Tx, orgId: string, entityId: string) => Promise<unknown>;

export interface Dependents {
  removeFor(tx: Tx, orgId: string, entityId: string): Promise<void>;
}

export function dependents(removers: readonly DependentRemover[]): Dependents {
  return {
    async removeFor(tx, orgId, entityId) {
      for (const remove of removers) await remove(tx, orgId, entityId);
    },
  };
}
