import type { LocalDate } from '../../kernel/local-date';
import { toRupees, type Paise } from '../../kernel/money';
import type { ImportUnit, NameRef } from '../imports';
import { accountRefOf, type TallyLedger } from './tally-in-ledgers.rules';
import { children, isYes, textAt, type TallyElement } from './tally-read-xml.rules';
import { debitPositive, tallyAmount, tallyDate } from './tally-read-values.rules';

/**
 * A Tally bill's name as a document number (CGST Rule 46(b): at most 16 letters, digits, `-` or `/`):
 * other characters become `-`. Openings and a voucher's Agst Ref read it alike, so they still meet.
 */
export function documentNumber(name: string): string {
  return name.trim().replace(/[^A-Za-z0-9/-]+/g, '-').slice(0, 16);
}

interface Party { ledger: TallyLedger; side: 'CUSTOMER' | 'VENDOR' }

/** One bill-wise opening, debit positive; an advance when Tally marks it so or it stands on the party's other side. */
interface OpenBill { name: string | null; date: LocalDate | null; amount: Paise; advance: boolean }

/**
 * The ledgers' OPENINGBALANCE (negative: a debit) → one opening balances unit
 * (docs/rules/tally.md, "Opening balances"): each account's balance; the parties' bill-wise openings
 * as open items without their taxes (a debtor's debit bill an invoice, a creditor's credit bill a
 * bill) or advances (marked ISADVANCE, or on the party's other side), their sums on the receivable,
 * payable and advance accounts. A party without bill-wise openings, or whose bills fall short of its
 * balance, has the rest as one item numbered OB-1, OB-2, … in file order. Null when no ledger has one.
 */
export function openingBalancesUnit(ledgers: readonly TallyLedger[], elements: ReadonlyMap<string, TallyElement>, booksFrom: LocalDate | null): ImportUnit | null {
  const accounts = new Map<string, { ref: NameRef; paise: Paise }>();
  const add = (ref: NameRef, paise: Paise) => {
    const key = `${ref.$ref}:${ref.name}`;
    accounts.set(key, { ref, paise: (accounts.get(key)?.paise ?? 0) + paise });
  };
  const openItems: unknown[] = [];
  const advances: unknown[] = [];
  let unnamed = 0;
  for (const ledger of ledgers) {
    const element = elements.get(ledger.name)!;
    const balance = debitPositive(tallyAmount(textAt(element, 'OPENINGBALANCE'), `LEDGER ${ledger.name} OPENINGBALANCE`));
    if (ledger.target.to !== 'contact') {
      if (balance !== 0) add(accountRefOf(ledger, balance > 0), balance);
      continue;
    }
    const party: Party = { ledger, side: ledger.target.side };
    const bills = openBills(element, ledger.name);
    const rest = balance - bills.reduce((total, b) => total + b.amount, 0);
    if (rest !== 0) bills.push({ name: `OB-${++unnamed}`, date: null, amount: rest, advance: false });
    for (const bill of bills) {
      const isItem = !bill.advance && (party.side === 'CUSTOMER' ? bill.amount > 0 : bill.amount < 0);
      const date = bill.date ?? booksFrom;
      const contact = { $ref: 'contact', name: ledger.name };
      if (isItem) {
        openItems.push({
          type: party.side === 'CUSTOMER' ? 'INVOICE' : 'BILL', contact_id: contact, number: documentNumber(bill.name ?? `OB-${++unnamed}`),
          ...(date !== null ? { date } : {}), ...(ledger.place !== null ? { place_of_supply: ledger.place } : {}), open_amount: toRupees(Math.abs(bill.amount)),
        });
      } else {
        advances.push({ type: party.side, contact_id: contact, amount: toRupees(Math.abs(bill.amount)), ...(bill.date !== null ? { date: bill.date } : {}), ...(bill.name !== null ? { reference: bill.name } : {}) });
      }
      add({ $ref: 'system_account', name: controlAccountOf(party.side, isItem) }, bill.amount);
    }
  }
  const lines = [...accounts.values()].filter((a) => a.paise !== 0)
    .map((a) => ({ account_id: a.ref, ...(a.paise > 0 ? { debit: toRupees(a.paise) } : { credit: toRupees(-a.paise) }) }));
  if (lines.length === 0 && openItems.length === 0 && advances.length === 0) return null;
  return {
    kind: 'opening_balances', key: 'tally opening balances', source: 'LEDGER opening balances', row: null,
    body: { accounts: lines, ...(openItems.length > 0 ? { open_items: openItems } : {}), ...(advances.length > 0 ? { advances } : {}) },
  };
}

function openBills(element: TallyElement, ledger: string): OpenBill[] {
  return children(element, 'BILLALLOCATIONS.LIST').map((bill) => {
    const name = textAt(bill, 'NAME');
    const where = `LEDGER ${ledger} bill ${name ?? ''}`.trim();
    const billType = textAt(bill, 'BILLTYPE')?.toLowerCase() ?? '';
    return {
      name,
      date: textAt(bill, 'BILLDATE') === null ? null : tallyDate(textAt(bill, 'BILLDATE'), where),
      amount: debitPositive(tallyAmount(textAt(bill, 'OPENINGBALANCE') ?? textAt(bill, 'AMOUNT'), where)),
      advance: isYes(bill, 'ISADVANCE') || billType === 'advance' || billType === 'on account',
    };
  }).filter((b) => b.amount !== 0);
}

/** Open items sit on the receivable or payable account, advances on the advance accounts beside them. */
function controlAccountOf(side: 'CUSTOMER' | 'VENDOR', isItem: boolean): string {
  if (side === 'CUSTOMER') return isItem ? 'accounts_receivable' : 'advances_from_customers';
  return isItem ? 'accounts_payable' : 'advances_to_vendors';
}
