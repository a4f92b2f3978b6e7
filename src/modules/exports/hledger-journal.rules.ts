import { formatRupees } from '../../kernel/money';
import { HLEDGER_TOP_LEVEL, type HledgerAccount } from './hledger-accounts.rules';
import type { ExportTransaction } from './ledger-transactions.rules';

/*
 * An hledger journal (hledger.org/journal.html) that `hledger check --strict` accepts: the
 * commodity and every account declared (with its type tag), each transaction's amounts summing
 * to zero. Debits are positive, credits negative.
 */

const COMMODITY = 'INR';
const INDENT = '    ';

/** A transaction's code is read up to the first `)`, and nothing in a header may break the line. */
const codeText = (code: string) => code.replace(/\)/g, ']').replace(/\s+/g, ' ').trim();
/** A `;` in a description starts a comment. */
const descriptionText = (description: string) => description.replace(/;/g, ',').replace(/\s+/g, ' ').trim();

const amountText = (paise: number) => `${COMMODITY} ${formatRupees(paise)}`;

function transactionText(t: ExportTransaction, nameOf: (accountId: string) => string): string {
  const code = t.code === null ? '' : ` (${codeText(t.code)})`;
  const comment = t.journal_id === null ? '' : `  ; journal ${t.journal_id}`;
  const names = t.postings.map((p) => nameOf(p.account_id));
  // Two spaces at least end an account name; amounts are aligned for the reader.
  const width = Math.max(...names.map((n) => n.length)) + 2;
  const postings = t.postings.map((p, i) => `${INDENT}${names[i]!.padEnd(width)}${amountText(p.debit - p.credit)}`);
  return [`${t.date}${code} ${descriptionText(t.description)}`.trimEnd() + comment, ...postings].join('\n');
}

export function hledgerJournal(header: readonly string[], accounts: readonly HledgerAccount[], transactions: readonly ExportTransaction[]): string {
  const names = new Map(accounts.map((a) => [a.account_id, a.name]));
  const nameOf = (accountId: string) => {
    const name = names.get(accountId);
    if (name === undefined) throw new Error(`posting to account ${accountId}, which is not in the export's chart`);
    return name;
  };
  const declarations = [...HLEDGER_TOP_LEVEL, ...accounts].map((a) => `account ${a.name}  ; type: ${a.type}`);
  const blocks = [
    [...header.map((line) => `; ${line.replace(/\s+/g, ' ')}`), `commodity ${COMMODITY} 1,000.00`].join('\n'),
    declarations.join('\n'),
    ...transactions.filter((t) => t.postings.length > 0).map((t) => transactionText(t, nameOf)),
  ];
  return `${blocks.join('\n\n')}\n`;
}
