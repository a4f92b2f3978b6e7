import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, Strict, Timestamp } from '../../http/response-schemas';
import { GstinText, Query } from '../../http/schema-kit';

/* GSTR-2B uploaded from the portal (docs/rules/itc-reconciliation.md, "GSTR-2B in"). */

const Period = Type.String({ pattern: '^(0[1-9]|1[0-2])\\d{4}$', description: 'The return period, MMYYYY' });

export const Gstr2bUploadQuery = Query({
  part: Type.Optional(Type.Integer({ minimum: 1, maximum: 999, description: "Which of the month's `fc` files this is; absent, the next one not yet received" })),
});
export type Gstr2bUploadQuery = Static<typeof Gstr2bUploadQuery>;

/** The body, for the OpenAPI document only: the route reads it as a stream and checks it itself. */
export const Gstr2bFileBody = Type.Object({
  chksum: Type.Optional(Type.String()),
  data: Type.Object({
    gstin: Type.String(), rtnprd: Type.String({ description: 'MMYYYY' }), gendt: Type.String({ description: 'DD-MM-YYYY' }),
    version: Type.Optional(Type.String()), fc: Type.Optional(Type.Integer({ description: 'The files the month comes in' })),
    itcsumm: Type.Optional(Type.Object({})), cpsumm: Type.Optional(Type.Object({})),
    docdata: Type.Object({}, { description: 'b2b, b2ba, cdnr, cdnra, isd, isda, impg, impgsez as GSTN publishes them' }),
    docRejdata: Type.Optional(Type.Object({}, { description: 'The same sections: documents rejected in IMS' })),
  }),
}, { description: "The portal's GSTR-2B JSON file as downloaded, at most 50 MB" });

export const Gstr2bMonthQuery = Query({ gstin: GstinText, period: Period });
export type Gstr2bMonthQuery = Static<typeof Gstr2bMonthQuery>;

const UploadFields = {
  gstr2b_id: Type.String(), gstin: Type.String(), period: Type.String({ description: 'MMYYYY' }),
  generated_on: Type.String({ description: 'YYYY-MM-DD: when the portal generated it (`gendt`)' }),
  version: Type.String(),
  file_count: Type.Integer({ description: '`fc`: the files the month comes in' }),
  parts_received: Type.Integer(),
  complete: Type.Boolean({ description: 'Every part received' }),
  document_count: Type.Integer(),
  rejected_count: Type.Integer({ description: 'Documents from `docRejdata`: rejected in IMS, no credit' }),
  uploaded_time: Timestamp,
};

export const Gstr2bUpload = Named('Gstr2bUpload', Strict(UploadFields));
export type Gstr2bUpload = Static<typeof Gstr2bUpload>;

const SectionTotals = Strict({
  section: Type.String({ description: 'b2b, b2ba, cdnr, cdnra, isd, isda, impg or impgsez' }),
  document_count: Type.Integer(), rejected_count: Type.Integer(),
  taxable_value: Amount, igst: Amount, cgst: Amount, sgst: Amount, cess: Amount,
});

export const Gstr2bMonth = Named('Gstr2bMonth', Strict({
  ...UploadFields,
  sections: Type.Array(SectionTotals, { description: 'Per section with documents, in the portal\'s order' }),
}));
export type Gstr2bMonth = Static<typeof Gstr2bMonth>;
