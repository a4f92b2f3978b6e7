import { Type } from '@sinclair/typebox';
import { csvReply } from '../../http/csv-reply';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { toCsv } from '../../kernel/csv';
import { IMS_ACTION_COLUMNS, imsActionCsvRows } from './ims-actions-csv.rules';
import { ImsActionSchema, ListImsActionsQuery, RecordImsActionBody } from './ims-actions.schemas';
import type { ImsActionsService } from './ims-actions.service';

const tags = ['GST'];

/** The recipient's actions in the Invoice Management System (docs/rules/itc-reconciliation.md, "IMS actions"). */
export function imsActionsRoutes(actions: ImsActionsService): RouteDef[] {
  return [
    route({
      method: 'PUT', url: '/gst/ims_actions', operationId: 'recordImsAction', tags, idempotency: 'optional',
      summary: "Accept, reject or keep pending a supplier's document in IMS, or change the action: one per document (supplier, type, number, financial year)",
      access: 'Svc.gst.UPDATE', body: RecordImsActionBody, message: 'The IMS action is recorded.', response: { ims_action: ImsActionSchema },
      handle: ({ ctx, body }) => actions.record(ctx, body),
    }),
    route({
      method: 'GET', url: '/gst/ims_actions', operationId: 'listImsActions', tags,
      summary: "One GSTIN's IMS actions in document date order; format=csv lists them as the portal words them, to enter there",
      access: 'Svc.gst.READ', query: ListImsActionsQuery, response: { ims_actions: Type.Array(ImsActionSchema), page_context: PageContext }, produces: 'text/csv',
      handle: async ({ ctx, query }) => (query.format === 'csv'
        ? csvReply('ims_actions', toCsv(IMS_ACTION_COLUMNS, imsActionCsvRows(await actions.all(ctx, query))))
        : actions.list(ctx, query)),
    }),
  ];
}
