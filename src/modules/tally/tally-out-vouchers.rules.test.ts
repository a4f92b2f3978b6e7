import { describe, expect, it } from 'vitest';
import { dayVouchers, type ItemLine, type LedgerBook, type OutJournal, type TallyVoucher } from './tally-out-vouchers.rules';

const book: LedgerBook = {
  accountLedger: new Map([['bank', 'Bank'], ['sales', 'Sales'], ['services', 'Service Income'], ['cgst', 'CGST Output'], ['ar', 'Accounts Receivable'], ['adv', 'Advances from Customers'], ['rent', 'Rent']]),
  partyLedger: new Map([['acme', 'Acme Retail']]),
  partyAccounts: new Set(['ar', 'adv']),
  controlAccounts: new Set(['ar']),
  paymentOfAllocation: new Map([['alc_1', 'pay_1']]),
  placeOfSupply: new Map([['inv_1', 'IN-MH'], ['pay_1', 'IN-MH']]),
};

const line = (account_id: string, debit: number, credit: number, contact_id: string | null = null) => ({ account_id, contact_id, debit, credit });
const journal = (journal_id: string, extra: Partial<OutJournal>): OutJournal => ({
  journal_id, entry_date: '2026-04-10', source: 'MANUAL', source_id: journal_id, source_ref: null, kind: 'POSTING', memo: null, contact_id: null, pairedInRange: false, lines: [], ...extra,
});

/** Every voucher's amounts, inventory and ledger entries together, in paise. */
const sumOf = (v: TallyVoucher) => v.inventory.reduce((s, i) => s + i.amount, 0) + v.entries.reduce((s, e) => s + e.amount, 0);

const invoice = journal('jnl_inv', {
  source: 'INVOICE', source_id: 'inv_1', source_ref: 'INV-1', contact_id: 'acme', memo: 'Invoice INV-1',
  // 10 bolts × 100 = 1,000 of goods and 200 of service; CGST 108; the customer owes 1,308.
  lines: [line('ar', 130800, 0, 'acme'), line('sales', 0, 100000), line('services', 0, 20000), line('cgst', 0, 10800)],
});
const bolts: ItemLine = { source_id: 'inv_1', item: 'Bolt', unit: 'NOS', quantity_milli: 10000, rate: 10000, item_total: 100000, account_id: 'sales' };

describe('vouchers from journals', () => {
  it('writes an invoice as a Sales voucher: the party first with its New Ref, the goods as inventory, what they leave of a ledger as an entry', () => {
    const [v] = dayVouchers([invoice], book, [bolts]);
    expect(v).toEqual({
      guid: 'bahi-jnl_inv', date: '2026-04-10', type: 'Sales', number: 'INV-1', narration: 'Invoice INV-1', party: 'Acme Retail', placeOfSupply: 'IN-MH',
      inventory: [{ item: 'Bolt', unit: 'NOS', quantity_milli: 10000, rate: 10000, amount: 100000, ledger: 'Sales' }],
      entries: [
        { ledger: 'Acme Retail', amount: -130800, isParty: true, bills: [{ type: 'New Ref', name: 'INV-1', amount: -130800 }] },
        { ledger: 'Service Income', amount: 20000, isParty: false, bills: [] },
        { ledger: 'CGST Output', amount: 10800, isParty: false, bills: [] },
      ],
    });
    expect(sumOf(v!)).toBe(0);
  });

  it('keeps the ledger entries alone when the goods would take more than their ledger holds', () => {
    const [v] = dayVouchers([invoice], book, [{ ...bolts, item_total: 150000 }]);
    expect(v!.inventory).toEqual([]);
    expect(v!.entries.map((e) => [e.ledger, e.amount])).toEqual([['Acme Retail', -130800], ['Sales', 100000], ['Service Income', 20000], ['CGST Output', 10800]]);
  });

  it("takes a payment's same-day allocations into one Receipt: the party credited once, Agst Ref the invoice, the rest On Account", () => {
    const receipt = journal('jnl_pay', { source: 'PAYMENT', source_id: 'pay_1', contact_id: 'acme', lines: [line('bank', 150000, 0), line('adv', 0, 150000, 'acme')] });
    const applied = journal('jnl_alc', { source: 'ALLOCATION', source_id: 'alc_1', source_ref: 'INV-1', contact_id: 'acme', lines: [line('adv', 130800, 0, 'acme'), line('ar', 0, 130800, 'acme')] });
    const vouchers = dayVouchers([receipt, applied], book, []);
    // 1,500 received: 1,308 settles INV-1, 192 stays an advance.
    expect(vouchers).toHaveLength(1);
    // A receipt is no document: it carries no place of supply.
    expect(vouchers[0]).toMatchObject({ type: 'Receipt', party: 'Acme Retail', guid: 'bahi-jnl_pay', placeOfSupply: null });
    expect(vouchers[0]!.entries).toEqual([
      { ledger: 'Acme Retail', amount: 150000, isParty: true, bills: [{ type: 'Agst Ref', name: 'INV-1', amount: 130800 }, { type: 'On Account', name: null, amount: 19200 }] },
      { ledger: 'Bank', amount: -150000, isParty: false, bills: [] },
    ]);
  });

  it('leaves out an advance applied on a later day (party to party: nothing moves) and an entry reversed within the range', () => {
    const later = journal('jnl_alc', { source: 'ALLOCATION', source_id: 'alc_1', source_ref: 'INV-1', contact_id: 'acme', lines: [line('adv', 500, 0, 'acme'), line('ar', 0, 500, 'acme')] });
    const voided = journal('jnl_void', { source: 'INVOICE', pairedInRange: true, lines: [line('ar', 100, 0, 'acme'), line('sales', 0, 100)] });
    expect(dayVouchers([later, voided], book, [])).toEqual([]);
  });

  it('writes a reversal whose entry is before the range as a Journal, and a note by the side its party is on', () => {
    const reversal = journal('jnl_rev', { source: 'INVOICE', kind: 'REVERSAL', contact_id: 'acme', lines: [line('sales', 100, 0), line('ar', 0, 100, 'acme')] });
    const credit = journal('jnl_cn', { source: 'CREDIT_NOTE', source_ref: 'CN-1', contact_id: 'acme', lines: [line('sales', 100, 0), line('ar', 0, 100, 'acme')] });
    const debit = journal('jnl_dn', { source: 'DEBIT_NOTE', source_ref: 'DN-1', contact_id: 'acme', lines: [line('ar', 100, 0, 'acme'), line('sales', 0, 100)] });
    const [r, c, d] = dayVouchers([reversal, credit, debit], book, []);
    expect([r!.type, r!.party, r!.entries[0]!.bills]).toEqual(['Journal', null, [{ type: 'On Account', name: null, amount: 100 }]]);
    expect([c!.type, c!.entries[0]!.bills]).toEqual(['Credit Note', [{ type: 'New Ref', name: 'CN-1', amount: 100 }]]);
    expect(d!.type).toBe('Debit Note');
  });

  it('writes a line on a receivable account without a contact to that account, and refuses an account it has no ledger for', () => {
    const [v] = dayVouchers([journal('jnl_1', { lines: [line('ar', 100, 0), line('rent', 0, 100)] })], book, []);
    expect(v!.entries.map((e) => [e.ledger, e.isParty])).toEqual([['Accounts Receivable', false], ['Rent', false]]);
    expect(() => dayVouchers([journal('jnl_2', { lines: [line('nope', 1, 0), line('rent', 0, 1)] })], book, [])).toThrow(/nope/);
  });
});
