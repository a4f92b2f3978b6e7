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

/** Looks each posting's account up in the declared chart; a posting outside it is a defect, never a silent undeclared name. */
function namesOf(accounts: readonly HledgerAccount[]) {
  const names = new Map(accounts.map((a) => [a.account_id, a.name]));
  return (accountId: string) => {
    const name = names.get(accountId);
    if (name === undefined) throw new Error(`posting to account ${accountId}, which is not in the export's chart`);
    return name;
  };
}

/** The journal's head: header comments, the commodity, and every account declared with its type. */
export function hledgerPreamble(header: readonly string[], accounts: readonly HledgerAccount[]): string {
  const declarations = [...HLEDGER_TOP_LEVEL, ...accounts].map((a) => `account ${a.name}  ; type: ${a.type}`);
  return `${[...header.map((line) => `; ${line.replace(/\s+/g, ' ')}`), `commodity ${COMMODITY} 1,000.00`].join('\n')}\n\n${declarations.join('\n')}\n`;
}

/** Transactions to follow the preamble (or earlier transactions), each after a blank line. */
export function hledgerTransactions(accounts: readonly HledgerAccount[], transactions: readonly ExportTransaction[]): string {
  const nameOf = namesOf(accounts);
  return transactions.filter((t) => t.postings.length > 0).map((t) => `\n${transactionText(t, nameOf)}\n`).join('');
}
