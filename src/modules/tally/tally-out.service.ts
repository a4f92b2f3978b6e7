import type { Db } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import { invalidValue } from '../../kernel/errors';
import { istDateOf } from '../../kernel/local-date';
import type { AccountType } from '../../platform/orgs/chart-of-accounts';
import { statementRange, yearOpenings } from '../financial-statements';
import { byAccountCode } from '../ledger';
import { ledgerNames } from './tally-out-names.rules';
import {
  contactsWithLines, goodsLines, goodsOfRange, journalsAfter, movements, orgName, PARTY_TYPES, paymentsOfAllocations, placesOfSupply, TALLY_PAGE, type TallyRange,
} from './tally-out.repository';
import { dayVouchers, type ItemLine, type LedgerBook, type OutJournal } from './tally-out-vouchers.rules';
import type { TallyExportQuery } from './tally-out.schemas';
import { accountLedger, partyLedger, stockItem, unitMaster } from './tally-write-masters.rules';
import { voucherNode } from './tally-write-vouchers.rules';
import { ENVELOPE_TAIL, envelopeHead, tallyMessage } from './tally-write-xml.rules';

const CONTROL_KEYS = new Set(['accounts_receivable', 'accounts_payable']);
const isPartyType = (type: string) => (PARTY_TYPES as readonly string[]).includes(type);

/** `pageSize`: journals read at a time (a test walks small pages). */
export function tallyExports(deps: { db: Db; clock: Clock; pageSize?: number }) {
  const { db } = deps;

  /**
   * The masters the file needs (docs/rules/tally.md, "Masters"): every account and contact with
   * an opening balance or a line in the range, a contact's share of the receivable and payable
   * accounts moved from those accounts' ledgers to its party ledger.
   */
  async function masters(orgId: string, range: TallyRange) {
    const [openings, moves, goods, withLines] = await Promise.all([
      yearOpenings(db, orgId, { date: range.from, branchId: null }), movements(db, orgId, range), goodsOfRange(db, orgId, range), contactsWithLines(db, orgId, range),
    ]);
    const chart = openings.sort(byAccountCode);
    const partyAccounts = new Set(chart.filter((a) => isPartyType(a.account_type)).map((a) => a.account_id));
    const contactOpening = new Map<string, number>();
    const partyShare = new Map<string, number>();
    const usedAccounts = new Set<string>();
    const usedContacts = new Set<string>();
    for (const m of moves) {
      if (m.contact_id !== null && partyAccounts.has(m.account_id)) {
        contactOpening.set(m.contact_id, (contactOpening.get(m.contact_id) ?? 0) + m.before);
        partyShare.set(m.account_id, (partyShare.get(m.account_id) ?? 0) + m.before);
        if (m.inRange) usedContacts.add(m.contact_id);
      } else if (m.inRange) usedAccounts.add(m.account_id);
    }
    const contacts = withLines.filter((c) => (contactOpening.get(c.contact_id) ?? 0) !== 0 || usedContacts.has(c.contact_id));
    const accounts = chart.map((a) => ({ ...a, opening: a.opening - (partyShare.get(a.account_id) ?? 0) }));
    const names = ledgerNames([
      ...accounts.map((a) => ({ id: a.account_id, name: a.account_name, code: a.account_code })),
      ...contacts.map((c) => ({ id: c.contact_id, name: c.contact_name, code: null })),
    ]);
    const nameOf = (id: string) => names.get(id)!;
    const book: Omit<LedgerBook, 'paymentOfAllocation' | 'placeOfSupply'> = {
      accountLedger: new Map(accounts.map((a) => [a.account_id, nameOf(a.account_id)])),
      partyLedger: new Map(contacts.map((c) => [c.contact_id, nameOf(c.contact_id)])),
      partyAccounts, controlAccounts: new Set(chart.filter((a) => a.system_key !== null && CONTROL_KEYS.has(a.system_key)).map((a) => a.account_id)),
    };
    const units = [...new Set(goods.flatMap((g) => (g.unit ? [g.unit] : [])))].sort();
    const xml = [
      ...units.map(unitMaster),
      ...accounts.filter((a) => a.opening !== 0 || usedAccounts.has(a.account_id))
        .map((a) => accountLedger({ name: nameOf(a.account_id), account_type: a.account_type as AccountType, system_key: a.system_key, opening: a.opening })),
      ...contacts.map((c) => partyLedger({ ...c, name: nameOf(c.contact_id), opening: contactOpening.get(c.contact_id) ?? 0 })),
      ...goods.map((g) => stockItem({ name: g.name, unit: g.unit, hsn_sac: g.hsn_sac, rate_centi: g.rate_centi })),
    ].map(tallyMessage).join('');
    return { xml, book };
  }

  /** Each day's vouchers, a page of journals at a time; a day cut by a page's end waits for the next page. */
  async function* vouchers(orgId: string, range: TallyRange, base: Omit<LedgerBook, 'paymentOfAllocation' | 'placeOfSupply'>): AsyncGenerator<string> {
    const paymentOfAllocation = new Map<string, string>();
    const placeOfSupply = new Map<string, string>();
    const book: LedgerBook = { ...base, paymentOfAllocation, placeOfSupply };
    let items: ItemLine[] = [];
    let pending: OutJournal[] = [];
    let after: { date: string; journalId: string } | null = null;
    for (;;) {
      const { journals, more } = await journalsAfter(db, orgId, range, after, deps.pageSize ?? TALLY_PAGE);
      const sourcesOf = (source: string) => journals.filter((j) => j.source === source).map((j) => j.source_id);
      for (const [allocation, payment] of await paymentsOfAllocations(db, orgId, sourcesOf('ALLOCATION'))) paymentOfAllocation.set(allocation, payment);
      items.push(...await goodsLines(db, orgId, sourcesOf('INVOICE'), sourcesOf('BILL')));
      const places = await placesOfSupply(db, orgId, { invoices: sourcesOf('INVOICE'), bills: sourcesOf('BILL'), creditNotes: sourcesOf('CREDIT_NOTE'), debitNotes: sourcesOf('DEBIT_NOTE') });
      for (const [id, place] of places) placeOfSupply.set(id, place);
      pending.push(...journals);
      const last = journals[journals.length - 1];
      const held = more && last ? last.entry_date : null;
      const ready = pending.filter((j) => j.entry_date !== held);
      pending = pending.filter((j) => j.entry_date === held);
      const days = [...new Set(ready.map((j) => j.entry_date))];
      yield days.map((day) => dayVouchers(ready.filter((j) => j.entry_date === day), book, items).map((v) => tallyMessage(voucherNode(v))).join('')).join('');
      items = items.filter((i) => pending.some((j) => j.source_id === i.source_id));
      if (!more || !last) return;
      after = { date: last.entry_date, journalId: last.journal_id };
    }
  }

  return {
    /**
     * The books of a period (by default the financial year to date) as a Tally import file
     * (docs/rules/tally.md, "Tally out"). Everything a request can get wrong is checked before
     * the first part is written.
     */
    async tally(orgId: string, query: TallyExportQuery): Promise<{ parts: AsyncIterable<string>; range: TallyRange }> {
      const range = statementRange(query.from_date, query.to_date, istDateOf(deps.clock.now()));
      if (range.to < range.from) throw invalidValue(query.to_date ? 'to_date' : 'from_date', 'to_date is before from_date');
      const [company, head] = await Promise.all([orgName(db, orgId), masters(orgId, range)]);
      async function* parts() {
        yield envelopeHead(company) + head.xml;
        yield* vouchers(orgId, range, head.book);
        yield ENVELOPE_TAIL;
      }
      return { parts: parts(), range };
    },
  };
}

export type TallyExports = ReturnType<typeof tallyExports>;
