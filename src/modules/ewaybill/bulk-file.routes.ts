import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../../http/route';
import { Query, StringEnum } from '../../http/schema-kit';
import { EWayBillBulkFile } from './bulk-file.schemas';
import { MAX_BULK_DOCUMENTS, type EWayBillBulkFiles } from './bulk-file.service';

const BulkFileQuery = Query({
  // Long enough for far more than 100 ids of the longest kind, so a list too long is always told
  // as the 422 of too many documents; the request line's own limit bounds it before this does.
  ids: Type.String({
    minLength: 1, maxLength: 16_000,
    description: `Invoice, bill, Bill of Entry, credit note and delivery challan ids, comma-separated: at most ${MAX_BULK_DOCUMENTS} (more is 422)`,
  }),
  format: StringEnum(['bulk'] as const, "bulk: the e-way bill portal's bulk-upload file. One document's e-way bill in the API's own form is GET …/{id}/ewaybill"),
});

export function ewayBillBulkRoutes(bulkFiles: EWayBillBulkFiles): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/ewaybills', operationId: 'getEWayBillBulkFile', tags: ['GST'],
      summary: "The e-way bill portal's bulk-upload file (version, billLists) of up to 100 invoices, bills, Bills of Entry, credit notes (sales returns) and delivery challans, each with the transport it records",
      access: 'Svc.gst.READ', failsWith: [409, 422], query: BulkFileQuery, response: { ewaybill_bulk_file: EWayBillBulkFile },
      handle: ({ ctx, query }) => bulkFiles.bulkFile(ctx, query.ids),
    }),
  ];
}
