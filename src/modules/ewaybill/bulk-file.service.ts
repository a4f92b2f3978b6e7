import { DomainError, invalidValue } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import { bulkFileOf } from './bulk-file.rules';
import type { EWayBill } from './ewaybill.schemas';
import type { EWayBillService } from './ewaybill.service';

/** The most documents one bulk file takes: what Bahi answers in one request (the portal's own file limit is its size). */
export const MAX_BULK_DOCUMENTS = 100;

type EWayBillOf = (ctx: RequestContext, id: string) => Promise<{ ewaybill: EWayBill }>;

/**
 * Each kind of document with an e-way bill, by the prefix of its id: one line per kind. Every
 * document goes with its own recorded transport.
 */
const sources = (ewayBills: EWayBillService): Record<string, EWayBillOf> => ({
  inv: (ctx, id) => ewayBills.invoice(ctx, id, {}),
  bill: (ctx, id) => ewayBills.bill(ctx, id, {}),
});

/**
 * The portal's bulk-upload file of up to 100 documents (docs/rules/einvoice-ewaybill.md, "The
 * bulk-upload file"). Every document must have an e-way bill the portal would take: the first
 * that has none answers as its own GET …/ewaybill would (404, 409 or 400), naming its id in `ids`.
 */
export function ewayBillBulkFiles(ewayBills: EWayBillService) {
  const byPrefix = sources(ewayBills);
  async function ewayBillOf(ctx: RequestContext, id: string): Promise<EWayBill> {
    const source = byPrefix[id.slice(0, id.indexOf('_'))];
    if (!source) throw new DomainError('not_found.resource', `${id}: no document with an e-way bill has this id`, { field: 'ids', details: { id } });
    try {
      return (await source(ctx, id)).ewaybill;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw new DomainError(error.code, `${id}: ${error.message}`, { field: 'ids', details: { ...error.details, id }, errors: error.errors, status: error.status });
    }
  }
  return {
    async bulkFile(ctx: RequestContext, idList: string) {
      const ids = idList.split(',').map((id) => id.trim()).filter((id) => id !== '');
      if (ids.length === 0) throw invalidValue('ids', 'ids names no document: give invoice or bill ids, comma-separated');
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
