import { DomainError, invalidValue } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import { bulkFileOf } from './bulk-file.rules';
import type { EWayBill } from './ewaybill.schemas';
import type { EWayBillSource, EWayBillSources } from './ewaybill-sources';

/** The most documents one bulk file takes: what Bahi answers in one request (the portal's own file limit is its size). */
export const MAX_BULK_DOCUMENTS = 100;

/**
 * The portal's bulk-upload file of up to 100 documents (docs/rules/einvoice-ewaybill.md, "The
 * bulk-upload file"). Every document must have an e-way bill the portal would take: the first
 * that has none answers as its own GET …/ewaybill would (404, 409 or 400), naming its id in `ids`.
 */
export function ewayBillBulkFiles(sources: EWayBillSources) {
  const byPrefix: Record<string, EWayBillSource | undefined> = sources;
  async function ewayBillOf(ctx: RequestContext, id: string): Promise<EWayBill> {
    const prefix = id.slice(0, id.indexOf('_'));
    // Own keys only: an id such as toString_1 names no kind.
    const source = Object.hasOwn(byPrefix, prefix) ? byPrefix[prefix] : undefined;
    if (!source) throw new DomainError('not_found.resource', `${id}: no document with an e-way bill has this id`, { field: 'ids', details: { id } });
    try {
      return await source.ewaybill(ctx, id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw new DomainError(error.code, `${id}: ${error.message}`, { field: 'ids', details: { ...error.details, id }, errors: error.errors, status: error.status });
    }
  }
  return {
    async bulkFile(ctx: RequestContext, idList: string) {
      const ids = idList.split(',').map((id) => id.trim()).filter((id) => id !== '');
      if (ids.length === 0) throw invalidValue('ids', 'ids names no document: give invoice, bill or Bill of Entry ids, comma-separated');
      if (ids.length > MAX_BULK_DOCUMENTS) {
        throw new DomainError('validation.failed', `ids may name at most ${MAX_BULK_DOCUMENTS} documents; got ${ids.length}`, {
          field: 'ids', status: 422, details: { max_items: MAX_BULK_DOCUMENTS, received: ids.length },
        });
      }
      const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
      if (repeated) throw invalidValue('ids', `${repeated} is named twice: the portal generates one e-way bill per document`);
      const ewaybills: EWayBill[] = [];
      for (const id of ids) ewaybills.push(await ewayBillOf(ctx, id));
      return { ewaybill_bulk_file: bulkFileOf(ewaybills) };
    },
  };
}
export type EWayBillBulkFiles = ReturnType<typeof ewayBillBulkFiles>;
