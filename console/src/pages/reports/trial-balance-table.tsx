import { generalLedgerHref } from '../links';
import { DataTable, type Column } from '../../ui/data-table';
import type { Period } from '../../ui/period';
import { Balance, Figure } from './figure';
import { periodLabel } from './period-label';
import { accountLabel } from './statement-lines';
import { trialBalanceRows, type TrialBalance, type TrialBalanceRow } from './trial-balance-rows';

export interface TrialBalancePeriod { period: Period; answer: TrialBalance }

/** The sums of the debit and the credit balances, one above the other. */
function BothSides({ debit, credit }: { debit: number | undefined; credit: number | undefined }) {
  return <>Dr <Figure value={debit} /><br />Cr <Figure value={credit} /></>;
}

/**
 * Each account's opening, the period's debits and credits and its closing balance, every amount
 * linking to the account's general ledger for that period; with a compared period, its closing
 * balance beside. The totals are the API's.
 */
export function TrialBalanceTable({ current, previous }: { current: TrialBalancePeriod; previous?: TrialBalancePeriod | undefined }) {
  const ledger = (row: TrialBalanceRow, period: Period) => generalLedgerHref(row.account_id, period);
  const columns: Column<TrialBalanceRow>[] = [
    { header: 'Account', cell: (row) => accountLabel(row) },
    { header: 'Opening', numeric: true, cell: ({ current: a, ...row }) => a?.opening_balance_side && <Balance value={a.opening_balance ?? 0} side={a.opening_balance_side} href={ledger(row, current.period)} /> },
    { header: 'Debit', numeric: true, cell: ({ current: a, ...row }) => a && <Figure value={a.debit} href={ledger(row, current.period)} /> },
    { header: 'Credit', numeric: true, cell: ({ current: a, ...row }) => a && <Figure value={a.credit} href={ledger(row, current.period)} /> },
    { header: 'Closing', numeric: true, cell: ({ current: a, ...row }) => a && <Balance value={a.balance} side={a.balance_side} href={ledger(row, current.period)} /> },
    ...(previous ? [{
      header: `Closing, ${periodLabel(previous.period)}`, numeric: true,
      cell: ({ previous: a, ...row }: TrialBalanceRow) => a && <Balance value={a.balance} side={a.balance_side} href={ledger(row, previous.period)} />,
    }] : []),
  ];
  const totals = current.answer;
  const footer = (
    <tr>
      <th scope="row">Total{totals.balanced ? '' : ' (not balanced)'}</th>
      <td class="numeric"><BothSides debit={totals.opening_debit} credit={totals.opening_credit} /></td>
      <td class="numeric"><Figure value={totals.total_debit} /></td>
      <td class="numeric"><Figure value={totals.total_credit} /></td>
      <td class="numeric"><BothSides debit={totals.closing_debit} credit={totals.closing_credit} /></td>
      {previous && <td class="numeric"><BothSides debit={previous.answer.closing_debit} credit={previous.answer.closing_credit} /></td>}
    </tr>
  );
  return (
    <DataTable
      caption={`Trial balance, ${periodLabel(current.period)}`}
      columns={columns}
      rows={trialBalanceRows(current.answer, previous?.answer)}
      rowKey={(row) => row.account_id}
      footer={footer}
      empty="No account has a posting in this period."
    />
  );
}
