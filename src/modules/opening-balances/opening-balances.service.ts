import type { Tx } from '../../db/database';
import { toJson } from '../../db/json';
import { insertRows } from '../../db/prepared';
import type { ContactsTable } from '../../db/schema';
import { DomainError, invalidState, invalidValue, notFound } from '../../kernel/errors';
import { addDays, type LocalDate } from '../../kernel/local-date';
import { toPaise, type Paise } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { orgReading } from '../../platform/orgs/org-reading';
import { catalogRepository } from '../catalog';
import { contactsRepository } from '../contacts';
import { resolveParty } from '../documents';
import type { LedgerService } from '../ledger';
import type { SeriesService } from '../series';
import { openingLines, type PartyShare } from './opening-balances.posting';
import { presentOpening } from './opening-balances.presenter';
import { openingBalancesRepository as repo, type OpeningItemRow, type OpeningRow } from './opening-balances.repository';
import {
  assertAccountsBalance, assertPartyAccountsMatch, contactOpeningBalance, givenBalances, itemFigures, openingEntryDate, type PartyAccountCheck, type PartyOpening,
} from './opening-balances.rules';
import type { OpeningBalancesBody, OpenItemInput, OpeningAdvanceInput } from './opening-balances.schemas';
import { openAdvancePayment, openBill, openInvoice, type OpenDocument } from './opening-items.rows';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'dependents'> & {
  ledger: Pick<LedgerService, 'post' | 'reverseSource'>;
  series: Pick<SeriesService, 'branchOf' | 'claimGivenNumber'>;
};

/** The party accounts, by system key: what each holds and on which side its items stand (+1: a debit balance). */
const PARTY_ACCOUNTS = {
  accounts_receivable: { field: 'open_items', sign: 1 },
  advances_from_customers: { field: 'advances', sign: -1 },
  accounts_payable: { field: 'open_items', sign: -1 },
  advances_to_vendors: { field: 'advances', sign: 1 },
} as const;
type PartyKey = keyof typeof PARTY_ACCOUNTS;

/** A refusal raised for one entry of a list, named under it: `customer_id` of an open item is its `contact_id`. */
async function within<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError) || error.field === undefined) throw error;
    const field = ['customer_id', 'vendor_id'].includes(error.field) ? 'contact_id' : error.field;
    throw new DomainError(error.code, error.message, { field: `${prefix}.${field}`, details: error.details, status: error.status });
  }
}

/**
 * Opening balances (docs/rules/opening-balances.md): the balances when the books start, as one
 * entry dated the day before, and the open items that make up the party accounts, kept as
 * invoices, bills and advances that post nothing of their own. Set or replaced in one transaction.
 */
export function openingBalancesService(deps: Deps) {
  const db = deps.database.db;
  const now = () => deps.clock.now().toISOString();

  /** Refuses (409) a change once the books are locked on or after their first day: the opening is then part of a closed period. */
  function assertReplaceable(booksStart: LocalDate, lockDate: LocalDate | null): void {
    if (lockDate === null || lockDate < booksStart) return;
    throw new DomainError('conflict.period_locked', `The books are locked through ${lockDate}, on or after their start ${booksStart}: the opening balances can no longer be set or replaced`, {
      details: { lock_date: lockDate, books_start_date: booksStart },
    });
  }

  /** Takes the previous opening away: refused (409) while anything made since stands against one of its items. */
  async function removePrevious(tx: Tx, ctx: RequestContext, previous: OpeningRow | undefined): Promise<void> {
    if (!previous) return;
    const items = await repo.items(tx, ctx.orgId);
    const [use] = await repo.uses(tx, ctx.orgId, items);
    if (use) {
      throw invalidState(`The opening item ${use.documentId} has ${use.what} against it: undo that first, or record the change after the books start`, {
        document_id: use.documentId, used_by: use.what,
      });
    }
    await deps.ledger.reverseSource(tx, ctx, 'OPENING_BALANCE', previous.opening_balance_id, 'Opening balances replaced');
    await repo.removeItems(tx, ctx.orgId, items);
    // Comments and attachments hang off the documents removed.
    for (const item of items) await deps.dependents.removeFor(tx, ctx.orgId, item.document_id);
  }

  async function replaceInTx(tx: Tx, ctx: RequestContext, body: OpeningBalancesBody): Promise<{ opening_balance_id: string }> {
    const orgId = ctx.orgId;
    const org = await orgReading(tx, orgId);
    assertReplaceable(org.books_start_date, org.lock_date);
    const balances = givenBalances(body.accounts);
    for (const [i, b] of balances.entries()) {
      if (!(await catalogRepository.account(tx, orgId, b.accountId))) throw notFound('account', `accounts[${i}].account_id`);
    }
    assertAccountsBalance(balances);
    const booksStart = org.books_start_date;
    const entryDate = openingEntryDate(booksStart);
    const previous = await repo.find(tx, orgId, true);
    await removePrevious(tx, ctx, previous);
    const openingId = previous?.opening_balance_id ?? deps.ids.next('obl');
    const created = now();

    const partyAccountIds = new Map<PartyKey, string>();
    for (const key of Object.keys(PARTY_ACCOUNTS) as PartyKey[]) partyAccountIds.set(key, await catalogRepository.systemAccountId(tx, orgId, key));
    const contacts = new Map<string, ContactsTable>();
    const contactOf = async (contactId: string, field: string) => {
      const contact = contacts.get(contactId) ?? await contactsRepository.find(tx, orgId, contactId);
      if (!contact) throw notFound('contact', field);
      contacts.set(contactId, contact);
      return contact;
    };
    const parties = new Map<string, PartyOpening>();
    const partyOf = (contactId: string) => parties.get(contactId) ?? parties.set(contactId, { invoices: 0, customerAdvances: 0, bills: 0, vendorAdvances: 0 }).get(contactId)!;
    const shares: PartyShare[] = [];
    const itemRows: OpeningItemRow[] = [];
    const share = (key: PartyKey, contactId: string, amount: Paise) => shares.push({ accountId: partyAccountIds.get(key)!, contactId, net: PARTY_ACCOUNTS[key].sign * amount });

    const documents = await openItems(tx, ctx, body.open_items ?? [], { booksStart, openingId, created, contactOf });
    for (const d of documents) {
      const invoice = d.kind === 'INVOICE';
      share(invoice ? 'accounts_receivable' : 'accounts_payable', d.contactId, d.figures.open);
      partyOf(d.contactId)[invoice ? 'invoices' : 'bills'] += d.figures.open;
      itemRows.push({ org_id: orgId, document_id: d.id, kind: d.kind, opening_balance_id: openingId, contact_id: d.contactId, open_amount: d.figures.open, position: itemRows.length });
    }
    const branch = await deps.series.branchOf(tx, orgId, undefined);
    const payments = [];
    for (const [i, a] of (body.advances ?? []).entries()) {
      const customer = a.type === 'CUSTOMER';
      const key: PartyKey = customer ? 'advances_from_customers' : 'advances_to_vendors';
      const contact = await within(`advances[${i}]`, () => advanceParty(a, contactOf));
      const date = a.date ?? entryDate;
      if (date >= booksStart) throw invalidValue(`advances[${i}].date`, `an opening advance was paid before the books start (${booksStart})`, { details: { books_start_date: booksStart } });
      const amount = toPaise(a.amount);
      const id = deps.ids.next('pay');
      payments.push(openAdvancePayment({
        orgId, id, flow: customer ? 'INCOMING' : 'OUTGOING', contactId: contact.contact_id, contactName: contact.contact_name, date, amount,
        reference: a.reference || null, accountId: partyAccountIds.get(key)!, branchId: branch.branch_id, now: created,
      }));
      share(key, contact.contact_id, amount);
      partyOf(contact.contact_id)[customer ? 'customerAdvances' : 'vendorAdvances'] += amount;
      itemRows.push({ org_id: orgId, document_id: id, kind: customer ? 'CUSTOMER_ADVANCE' : 'VENDOR_ADVANCE', opening_balance_id: openingId, contact_id: contact.contact_id, open_amount: amount, position: itemRows.length });
    }

    const checks: PartyAccountCheck[] = [];
    for (const [key, accountId] of partyAccountIds) {
      const { field, sign } = PARTY_ACCOUNTS[key];
      const given = balances.filter((b) => b.accountId === accountId).reduce((s, b) => s + sign * (b.debit - b.credit), 0);
      const items = shares.filter((s) => s.accountId === accountId).reduce((s, p) => s + sign * p.net, 0);
      const account = await catalogRepository.account(tx, orgId, accountId);
      checks.push({ field, accountId, accountName: account!.account_name, given, items });
    }
    assertPartyAccountsMatch(checks);

    const lines = openingLines(balances, new Set(partyAccountIds.values()), shares);
    if (lines.length === 0) throw invalidValue('accounts', 'no balance to open: give at least one account with a debit or a credit');
    const version = (previous?.version ?? 0) + 1;
    const journal = await deps.ledger.post(tx, ctx, {
      date: entryDate, source: 'OPENING_BALANCE', sourceId: openingId, sourceVersion: version, memo: 'Opening balances', branchId: branch.branch_id, lines,
    }, { newSource: true }); // each version is posted once, here

    await insertRows(tx, 'invoices', documents.flatMap((d) => (d.invoice ? [d.invoice.invoice] : [])));
    await insertRows(tx, 'invoice_lines', documents.flatMap((d) => d.invoice?.lines ?? []));
    await insertRows(tx, 'bills', documents.flatMap((d) => (d.bill ? [d.bill.bill] : [])));
    await insertRows(tx, 'bill_lines', documents.flatMap((d) => d.bill?.lines ?? []));
    await insertRows(tx, 'payments', payments);
    await repo.insertItems(tx, itemRows);
    const contactBalances = new Map([...parties].map(([contactId, p]) => [contactId, contactOpeningBalance(contacts.get(contactId)!.contact_type, p)]));
    await repo.setContactBalances(tx, orgId, contactBalances);

    const row: OpeningRow = {
      org_id: orgId, opening_balance_id: openingId, entry_date: entryDate, journal_id: journal.journal_id,
      accounts: toJson(balances.map((b) => ({ account_id: b.accountId, debit: b.debit, credit: b.credit }))),
      version, created_time: previous?.created_time ?? created, last_modified_time: created,
    };
    await (previous ? repo.update(tx, row) : repo.insert(tx, row));
    await deps.activity.record(tx, ctx, {
      entityType: 'OPENING_BALANCES', entityId: openingId, verb: previous ? 'UPDATED' : 'CREATED',
      metadata: { journal_id: journal.journal_id, version, open_items: documents.length, advances: payments.length },
    });
    await deps.events.emit(tx, ctx, 'OPENING_BALANCES_SET', { opening_balance_id: openingId, date: entryDate, journal_id: journal.journal_id, open_items: documents.length });
    return { opening_balance_id: openingId };
  }

  interface ItemContext {
    booksStart: LocalDate;
    openingId: string;
    created: string;
    contactOf: (contactId: string, field: string) => Promise<ContactsTable>;
  }

  /** The open items as the invoices and bills they become, or 400 on the item at fault ("Open items"). */
  async function openItems(tx: Tx, ctx: RequestContext, items: readonly OpenItemInput[], c: ItemContext) {
    const orgId = ctx.orgId;
    const taxOfRate = new Map<number, string>();
    for (const t of await repo.taxableRates(tx, orgId)) if (!taxOfRate.has(t.rate_centi)) taxOfRate.set(t.rate_centi, t.tax_id);
    const accounts = { INVOICE: await catalogRepository.systemAccountId(tx, orgId, 'sales'), BILL: await catalogRepository.systemAccountId(tx, orgId, 'purchases') };
    const made = [];
    for (const [i, item] of items.entries()) {
      const at = `open_items[${i}]`;
      const invoice = item.type === 'INVOICE';
      await c.contactOf(item.contact_id, `${at}.contact_id`);
      const party = await within(at, () => resolveParty(tx, orgId, invoice ? 'customer' : 'vendor', { contact_id: item.contact_id, place_of_supply: item.place_of_supply }, deps.series.branchOf));
      if (item.date >= c.booksStart) {
        throw invalidValue(`${at}.date`, `an open item was issued before the books start (${c.booksStart}); one dated later is an ordinary ${invoice ? 'invoice' : 'bill'}`, { details: { books_start_date: c.booksStart } });
      }
      const dueDate = item.due_date ?? addDays(item.date, party.paymentTerms);
      if (dueDate < item.date) throw invalidValue(`${at}.due_date`, 'due_date is before the date');
      const id = deps.ids.next(invoice ? 'inv' : 'bill');
      // The number stays the registration's for its year (CGST Rule 46(b)): a later invoice cannot take it again.
      if (invoice && !(await deps.series.claimGivenNumber(tx, orgId, 'invoice', { branchId: party.branchId, date: item.date, documentId: id }, item.number))) {
        throw invalidValue(`${at}.number`, `invoice number ${item.number} is already used in its financial year under this registration (GSTIN)`);
      }
      const document: OpenDocument = {
        orgId, id, number: item.number, branchId: party.branchId, contactId: party.contactId, contactName: party.contactName, party: party.partyCopy,
        gstTreatment: party.gstTreatment, date: item.date, dueDate, placeOfSupply: party.placeOfSupply, supplyType: party.supply,
        figures: itemFigures(item, at), accountId: accounts[item.type], taxOfRate, lineIds: () => deps.ids.next('li'), now: c.created,
      };
      made.push({ kind: item.type, id, contactId: party.contactId, figures: document.figures, invoice: invoice ? openInvoice(document) : null, bill: invoice ? null : openBill(document) });
    }
    return made;
  }

  /** The contact of an advance: of this organisation (404), on the advance's side (400). */
  async function advanceParty(a: OpeningAdvanceInput, contactOf: ItemContext['contactOf']) {
    const contact = await contactOf(a.contact_id, 'contact_id');
    const wrongSide = a.type === 'CUSTOMER' ? 'VENDOR' : 'CUSTOMER';
    if (contact.contact_type === wrongSide) throw invalidValue('contact_id', `this contact is a ${wrongSide.toLowerCase()}: a ${a.type} advance is a ${a.type.toLowerCase()}'s`);
    return contact;
  }

  async function view(executor: typeof db | Tx, orgId: string) {
    const row = await repo.find(executor, orgId);
    if (!row) throw notFound('opening balances');
    return { opening_balances: await presentOpening(executor, row, await repo.items(executor, orgId)) };
  }

  return {
    replaceInTx,

    /** POST /opening_balances: sets the opening, or replaces it whole. */
    set: (ctx: RequestContext, body: OpeningBalancesBody) => deps.uow(ctx, async (tx) => {
      await replaceInTx(tx, ctx, body);
      return view(tx, ctx.orgId);
    }),

    /** GET /opening_balances: the opening as it stands; 404 while none was set. */
    get: (ctx: RequestContext) => view(db, ctx.orgId),
  };
}

export type OpeningBalancesService = ReturnType<typeof openingBalancesService>;
