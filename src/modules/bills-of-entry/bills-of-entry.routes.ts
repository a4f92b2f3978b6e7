import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { BillOfEntry, CreateBillOfEntryBody, ListBillsOfEntryQuery } from './bills-of-entry.schemas';
import type { BillsOfEntryService } from './bills-of-entry.service';

const tags = ['Bills of Entry'];
const response = { bill_of_entry: BillOfEntry };

export function billsOfEntryRoutes(billsOfEntry: BillsOfEntryService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/bills_of_entry', operationId: 'listBillsOfEntry', summary: 'List Bills of Entry, newest first', tags,
      access: 'Svc.bills.READ', query: ListBillsOfEntryQuery, response: { bills_of_entry: Type.Array(BillOfEntry), page_context: PageContext },
      handle: ({ ctx, query }) => billsOfEntry.list(ctx, query),
    }),
    route({
      method: 'GET', url: '/bills_of_entry/:bill_of_entry_id', operationId: 'getBillOfEntry', summary: 'Get a Bill of Entry', tags,
      access: 'Svc.bills.READ', params: IdParam('bill_of_entry_id'), response,
      handle: ({ ctx, params }) => billsOfEntry.get(ctx, params.bill_of_entry_id),
    }),
    route({
      method: 'POST', url: '/bills_of_entry', operationId: 'createBillOfEntry', failsWithCodes: PERIOD_CLOSED,
      summary: 'Record a customs Bill of Entry: Dr IGST input and the goods with the duties, Cr the account that paid customs', tags,
      access: 'Svc.bills.CREATE', body: CreateBillOfEntryBody, status: 201, message: 'The Bill of Entry has been recorded.', response,
      handle: ({ ctx, body }) => billsOfEntry.create(ctx, body),
    }),
  ];
}
