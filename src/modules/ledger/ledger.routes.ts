import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { partyLedger } from './ledger.reports';
import type { Db } from '../../db/database';
import { PERIOD_LOCKED } from '../../platform/orgs/period-lock.rules';
import {
  CreateJournalBody, CustomerLedger, deletedJournalProperties, Journal, ListJournalsQuery, PartyLedgerQuery, VendorLedger,
} from './ledger.schemas';
import type { LedgerService } from './ledger.service';

const tags = ['Journals'];

export function ledgerRoutes(ledger: LedgerService, db: Db): RouteDef[] {
  const customerStatement = partyLedger(db, 'customer');
  const vendorStatement = partyLedger(db, 'vendor');
  return [
    route({
      method: 'GET', url: '/journals', operationId: 'listJournals', summary: 'List journal entries of every source, newest first', tags,
      access: 'Svc.journals.READ', query: ListJournalsQuery, response: { journals: Type.Array(Journal), page_context: PageContext },
      handle: ({ ctx, query }) => ledger.listJournals(ctx, query),
    }),
    route({
      method: 'GET', url: '/journals/:journal_id', operationId: 'getJournal', summary: 'Get a journal entry with its lines', tags,
      access: 'Svc.journals.READ', params: IdParam('journal_id'), response: { journal: Journal },
      handle: ({ ctx, params }) => ledger.getJournal(ctx, params.journal_id),
    }),
    route({
      method: 'POST', url: '/journals', operationId: 'createJournal', failsWithCodes: PERIOD_LOCKED, summary: 'Post a manual journal entry', tags,
      access: 'Svc.journals.CREATE', body: CreateJournalBody, status: 201, message: 'The journal entry has been posted.', response: { journal: Journal },
      handle: ({ ctx, body }) => ledger.createJournal(ctx, body),
    }),
    route({
      method: 'DELETE', url: '/journals/:journal_id', operationId: 'deleteJournal', failsWithCodes: PERIOD_LOCKED, summary: 'Delete a manual journal entry (posts its mirror)', tags,
      access: 'Svc.journals.DELETE', params: IdParam('journal_id'), message: 'The journal entry has been deleted.', response: deletedJournalProperties,
      handle: ({ ctx, params }) => ledger.deleteJournal(ctx, params.journal_id),
    }),
    route({
      method: 'GET', url: '/reports/customer_ledger', operationId: 'getCustomerLedger', summary: "A customer's postings in date order with a running balance", tags: ['Reports'],
      access: 'Svc.contacts.READ', query: PartyLedgerQuery, response: { customer_ledger: CustomerLedger },
      handle: async ({ ctx, query }) => ({ customer_ledger: await customerStatement(ctx.orgId, query.contact_id, query.from_date, query.to_date) }),
    }),
    route({
      method: 'GET', url: '/reports/vendor_ledger', operationId: 'getVendorLedger', summary: "A vendor's postings in date order with a running balance", tags: ['Reports'],
      access: 'Svc.contacts.READ', query: PartyLedgerQuery, response: { vendor_ledger: VendorLedger },
      handle: async ({ ctx, query }) => ({ vendor_ledger: await vendorStatement(ctx.orgId, query.contact_id, query.from_date, query.to_date) }),
    }),
  ];
}
