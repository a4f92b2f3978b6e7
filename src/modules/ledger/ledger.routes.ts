import { Type } from '@sinclair/typebox';
import { csvReply } from '../../http/csv-reply';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { toCsv } from '../../kernel/csv';
import { PARTY_LEDGER_COLUMNS, partyLedgerRows } from './party-ledger-csv.rules';
import { partyLedger, type StatementSide } from './ledger.reports';
import type { Db } from '../../db/database';
import { RECONCILED } from '../../platform/banking/reconciled';
import { PERIOD_LOCKED } from '../../platform/orgs/period-lock.rules';
import {
  CreateJournalBody, CustomerLedger, deletedJournalProperties, Journal, ListJournalsQuery, PartyLedgerQuery, VendorLedger,
} from './ledger.schemas';
import type { LedgerService } from './ledger.service';

const tags = ['Journals'];

export function ledgerRoutes(ledger: LedgerService, db: Db): RouteDef[] {
  /** A party's statement as JSON, or with format=csv as CSV. */
  const statement = (side: StatementSide, key: 'customer_ledger' | 'vendor_ledger') => {
    const read = partyLedger(db, side);
    return async ({ ctx, query }: { ctx: { orgId: string }; query: PartyLedgerQuery }) => {
      const answer = await read(ctx.orgId, query.contact_id, query.from_date, query.to_date);
      return query.format === 'csv' ? csvReply(key, toCsv(PARTY_LEDGER_COLUMNS, partyLedgerRows(answer))) : { [key]: answer };
    };
  };
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
      method: 'DELETE', url: '/journals/:journal_id', operationId: 'deleteJournal', failsWithCodes: [...PERIOD_LOCKED, ...RECONCILED], summary: 'Delete a manual journal entry (posts its mirror)', tags,
      access: 'Svc.journals.DELETE', params: IdParam('journal_id'), message: 'The journal entry has been deleted.', response: deletedJournalProperties,
      handle: ({ ctx, params }) => ledger.deleteJournal(ctx, params.journal_id),
    }),
    route({
      method: 'GET', url: '/reports/customer_ledger', operationId: 'getCustomerLedger', summary: "A customer's postings in date order with a running balance", tags: ['Reports'],
      access: 'Svc.contacts.READ', query: PartyLedgerQuery, response: { customer_ledger: CustomerLedger }, produces: 'text/csv',
      handle: statement('customer', 'customer_ledger'),
    }),
    route({
      method: 'GET', url: '/reports/vendor_ledger', operationId: 'getVendorLedger', summary: "A vendor's postings in date order with a running balance", tags: ['Reports'],
      access: 'Svc.contacts.READ', query: PartyLedgerQuery, response: { vendor_ledger: VendorLedger }, produces: 'text/csv',
      handle: statement('vendor', 'vendor_ledger'),
    }),
  ];
}
