import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../../http/route';
import { Gstr2bFileBody, Gstr2bMonth, Gstr2bMonthQuery, Gstr2bUpload, Gstr2bUploadQuery } from './gstr2b.schemas';
import type { Gstr2bService } from './gstr2b.service';
import { MAX_GSTR2B_BYTES } from './gstr2b-file.parser';

const tags = ['GST'];

/** GSTR-2B uploaded from the portal (docs/rules/itc-reconciliation.md, "GSTR-2B in"). */
export function gstr2bRoutes(gstr2b: Gstr2bService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/gst/gstr2b', operationId: 'uploadGstr2b', tags, idempotency: 'optional',
      summary: "Upload a month's GSTR-2B JSON as the portal gives it (at most 50 MB; a month in several files, one part per upload): a new generation replaces the month's current upload and keeps it in the history",
      access: 'Svc.gst.CREATE', query: Gstr2bUploadQuery, streamedJson: { schema: Gstr2bFileBody, maxBytes: MAX_GSTR2B_BYTES },
      status: 201, message: 'The GSTR-2B has been uploaded.', response: { gstr2b: Gstr2bUpload },
      handle: ({ ctx, query, request }) => gstr2b.upload(ctx, query, (request.body as AsyncIterable<Buffer> | undefined) ?? []),
    }),
    route({
      method: 'GET', url: '/gst/gstr2b', operationId: 'getGstr2b', tags,
      summary: "A month's current GSTR-2B upload with its documents per section, and the uploads it replaced, newest first; 404 when none",
      access: 'Svc.gst.READ', query: Gstr2bMonthQuery, response: { gstr2b: Gstr2bMonth, history: Type.Array(Gstr2bUpload) },
      handle: ({ ctx, query }) => gstr2b.month(ctx, query),
    }),
  ];
}
