import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, GstinText, Id, Money, Nullable, Query, SearchQuery } from '../../http/schema-kit';
import { DocumentDate } from '../documents/documents.responses';

const duty = (what: string) => ({ ...Money({ minimum: 0 }), description: `${what}, in rupees; 0 when not sent` });

export const CreateBillOfEntryBody = Body({
  number: Type.String({ pattern: '^[0-9]{1,7}$', description: "Customs' Bill of Entry number: up to 7 digits (GSTN's boe_num)" }),
  date: DateOrDateTime,
  port_code: Type.String({ pattern: '^[A-Za-z0-9]{6}$', description: 'The customs port code, 6 letters and digits (INMAA1); stored in capitals' }),
  assessable_value: { ...Money({ exclusiveMinimum: 0 }), description: 'The assessable value of the goods (Customs Act s.14), in rupees' },
  basic_customs_duty: Type.Optional(duty('Basic customs duty (BCD)')),
  social_welfare_surcharge: Type.Optional(duty('Social Welfare Surcharge (SWS)')),
  igst_taxable_value: Type.Optional({
    ...Money({ exclusiveMinimum: 0 }),
    description: 'What the IGST is levied on: assessable_value + basic_customs_duty + social_welfare_surcharge (Customs Tariff Act s.3(8)); computed when not sent, 400 when it differs',
  }),
  igst: { ...Money({ minimum: 0 }), description: 'The IGST paid at customs, in rupees' },
  paid_through_account_id: Id('paid_through_account_id: a BANK, CASH or ACCOUNTS_PAYABLE account (a customs broker who paid)'),
  bill_ids: Type.Optional(Type.Array(Id('bill_id'), { maxItems: 100, description: 'Bills of OVERSEAS vendors for the goods this Bill of Entry clears' })),
  sez_supplier_gstin: Type.Optional(Nullable({ ...GstinText, description: 'The GSTIN of the SEZ unit the goods were cleared from; null or absent for goods from abroad' })),
  branch_id: Type.Optional(Id('branch_id: the importing registration; the default branch when absent')),
  goods_account_id: Type.Optional(Id("goods_account_id: where the duties are charged, a purchase account; by default the first covered bill's first goods line's account, else Purchases")),
});
export type CreateBillOfEntryBody = Static<typeof CreateBillOfEntryBody>;

export const ListBillsOfEntryQuery = Query({ ...CursorQuery, ...SearchQuery("the Bill of Entry's customs number") });
export type ListBillsOfEntryQuery = Static<typeof ListBillsOfEntryQuery>;

/** A Bill of Entry (bills-of-entry.presenter.ts presentBillOfEntry). */
export const BillOfEntry = Named('BillOfEntry', Strict({
  bill_of_entry_id: Type.String(),
  number: Type.String({ description: "Customs' Bill of Entry number" }),
  date: DocumentDate,
  port_code: Type.String(),
  branch_id: Type.String(),
  assessable_value: Amount,
  basic_customs_duty: Amount,
  social_welfare_surcharge: Amount,
  igst_taxable_value: Amount,
  igst: { ...Amount, description: 'The IGST paid at customs: credit in GSTR-3B 4(A)(1) (IMPG) of the period of date' },
  total: { ...Amount, description: 'The duties and the IGST: what left paid_through_account_id' },
  paid_through_account_id: Type.String(),
  goods_account_id: Type.String({ description: 'The account the duties were charged to' }),
  sez_supplier_gstin: NullableOf(Type.String()),
  bill_ids: Type.Array(Type.String()),
  status: Type.Literal('RECORDED'),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'A customs Bill of Entry: the duties and IGST paid on goods imported.'));
