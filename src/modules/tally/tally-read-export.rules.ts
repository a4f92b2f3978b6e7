import { invalidValue } from '../../kernel/errors';
import { addDays } from '../../kernel/local-date';
import type { ImportUnit } from '../imports';
import { documentUnit, type DocumentBook } from './tally-in-documents.rules';
import { journalUnit } from './tally-in-journals.rules';
import { guessLedger, type TallyLedger } from './tally-in-ledgers.rules';
import { readMasters, type TallyItem } from './tally-in-masters.rules';
import { openingBalancesUnit } from './tally-in-openings.rules';
import { paymentUnit } from './tally-in-payments.rules';
import { readVoucher, type TallyVoucher } from './tally-in-voucher-read.rules';
import { children, descendants, masterName, readTallyXml, textAt, type TallyElement } from './tally-read-xml.rules';
import { tallyDate } from './tally-read-values.rules';

/** A record of the file written no way, on purpose: a cancelled or optional voucher, one that moves no money. */
export interface SkippedRecord {
  source: string;
  code: string;
  message: string;
}

export interface TallyExport {
  /** SVCURRENTCOMPANY: the company the file was exported from. */
  company: string | null;
  /** What to create, in order: contacts, accounts, items, the opening balances, then the vouchers by date. */
  units: ImportUnit[];
  skipped: SkippedRecord[];
  /** Every ledger master the file describes and where it lives in Bahi: a later vouchers file and the reconciliation read them. */
  ledgers: TallyLedger[];
  items: TallyItem[];
}

/** What an earlier file of the same books described, for a vouchers file read alone. */
export interface TallyMastersKnown {
  ledgers: readonly TallyLedger[];
  items: readonly TallyItem[];
}

/**
 * Reads a Tally XML export (All Masters, Vouchers or both; UTF-8 or UTF-16LE) into the units an
 * import creates (docs/rules/tally.md, "Tally in"). `known` holds the masters read from the
 * organisation's earlier Tally files, so a vouchers file finds its parties, tax ledgers and items;
 * a ledger neither describes is taken by its name. A malformed file is 400 on `file`.
 */
export function readTallyExport(file: Buffer, known: TallyMastersKnown = { ledgers: [], items: [] }): TallyExport {
  const envelope = readTallyXml(file, 'file');
  const bodies = children(envelope, 'BODY');
  if (bodies.length === 0) throw invalidValue('file', 'ENVELOPE/BODY: a Tally export has a BODY (IMPORTDATA/REQUESTDATA or DATA) holding its TALLYMESSAGEs');
  const messages = [...descendants(envelope, ['BODY', 'IMPORTDATA', 'REQUESTDATA', 'TALLYMESSAGE']), ...descendants(envelope, ['BODY', 'DATA', 'TALLYMESSAGE'])];
  const statics = descendants(envelope, ['BODY', 'IMPORTDATA', 'REQUESTDESC', 'STATICVARIABLES'])[0];
  const company = statics === undefined ? null : textAt(statics, 'SVCURRENTCOMPANY');
  const fromText = statics === undefined ? null : textAt(statics, 'SVFROMDATE');
  const booksFrom = fromText === null ? null : addDays(tallyDate(fromText, 'STATICVARIABLES/SVFROMDATE'), -1);

  const masters = readMasters(messages);
  const book = documentBook([...known.ledgers, ...masters.ledgers], [...known.items, ...masters.items]);
  const opening = openingBalancesUnit(masters.ledgers, masters.ledgerElements, booksFrom);
  const skipped: SkippedRecord[] = [];
  const vouchers = voucherUnits(messages, book, skipped);
  return { company, units: [...masters.units, ...(opening ? [opening] : []), ...vouchers], skipped, ledgers: masters.ledgers, items: masters.items };
}

function voucherUnits(messages: readonly TallyElement[], book: DocumentBook, skipped: SkippedRecord[]): ImportUnit[] {
  const typeParents = new Map<string, string | null>();
  for (const type of messages.flatMap((m) => children(m, 'VOUCHERTYPE'))) {
    const name = masterName(type);
    if (name !== null) typeParents.set(name, textAt(type, 'PARENT'));
  }
  const vouchers = messages.flatMap((m) => children(m, 'VOUCHER')).map((v) => readVoucher(v, typeParents));
  // Stable by date: a receipt finds the invoice it settles, whatever order the file lists them in.
  const byDate = vouchers.map((v, i) => ({ v, i })).sort((a, b) => a.v.date.localeCompare(b.v.date) || a.i - b.i).map(({ v }) => v);
  return byDate.flatMap((voucher): ImportUnit[] => {
    const skip = skipReason(voucher);
    if (skip) {
      skipped.push({ source: voucher.source, ...skip });
      return [];
    }
    return [unitOf(voucher, book)];
  });
}

function skipReason(voucher: TallyVoucher): Omit<SkippedRecord, 'source'> | null {
  if (voucher.cancelled) return { code: 'tally.cancelled', message: 'a cancelled voucher moves nothing in Tally\'s books' };
  if (voucher.optional) return { code: 'tally.optional', message: 'an optional voucher is a memorandum Tally keeps out of its books' };
  if (voucher.base === 'not_accounting') return { code: 'tally.not_accounting', message: 'an order, delivery or receipt note, stock journal or memorandum moves no money' };
  if (voucher.entries.every((e) => e.paise === 0)) return { code: 'tally.empty', message: 'the voucher has no amounts' };
  return null;
}

function unitOf(voucher: TallyVoucher, book: DocumentBook): ImportUnit {
  switch (voucher.base) {
    case 'Sales': case 'Purchase': case 'Credit Note': case 'Debit Note':
      return documentUnit(voucher, book);
    case 'Receipt': case 'Payment':
      return paymentUnit(voucher, book);
    default:
      return journalUnit(voucher, book);
  }
}

/**
 * Names → ledgers and items, case-insensitive as Tally's names are; a voucher's party ledger that no
 * master describes is a customer on sales, receipts and credit notes, else a vendor.
 */
function documentBook(ledgers: readonly TallyLedger[], items: readonly TallyItem[]): DocumentBook {
  const ledgerByName = new Map(ledgers.map((l) => [l.name.toLowerCase(), l]));
  const itemByName = new Map(items.map((i) => [i.name.toLowerCase(), i]));
  return {
    ledger(name: string, voucher: TallyVoucher): TallyLedger {
      const found = ledgerByName.get(name.toLowerCase());
      if (found) return found;
      if (voucher.party !== null && voucher.party.toLowerCase() === name.toLowerCase()) {
        const side = ['Sales', 'Receipt', 'Credit Note'].includes(voucher.base) ? 'CUSTOMER' : 'VENDOR';
        return { name, group: null, target: { to: 'contact', side }, place: null, hsn: null, taxCenti: null };
      }
      return guessLedger(name);
    },
    item: (name) => itemByName.get(name.toLowerCase()) ?? null,
  };
}
