import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsoleTour } from '../../support/console-browser';

interface Figure { amount: number; previous_amount: number | null }
interface Section extends Figure { accounts: ({ account_id: string; account_name: string; account_code: string | null } & Figure)[] }
interface ProfitAndLoss { total_expenses: Figure; expenses: Record<'cost_of_goods_sold' | 'expenses' | 'other_expenses', Section> }
interface LedgerLine { journal_id: string; source: string; kind: string; document_number: string | null }
interface GeneralLedger { closing_balance: number; lines: LedgerLine[] }
interface Journal { source: string; source_id: string; source_ref: string | null; total: number; lines: { account_id: string; debit: number; credit: number }[] }
interface TrialBalance { total_debit: number; total_credit: number; closing_debit: number; closing_credit: number }

const JUNE = { from_date: '2026-06-01', to_date: '2026-06-30' };

/** The row of a report's table whose first cell reads exactly `label`. */
const rowOf = (table: Locator, label: string) =>
  table.locator('tbody tr').filter({ has: table.page().locator('td:first-child', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });

/** The numbers a row's figures carry (each amount's <data value>), as the API gave them. */
const figuresOf = (row: Locator) => row.locator('data').evaluateAll((all) => all.map((d) => d.getAttribute('value')));

/** An expense account of June's profit and loss whose ledger holds a bill's posting, and that line. */
async function expenseAccountWithBill(tour: ConsoleTour, pl: ProfitAndLoss) {
  for (const section of Object.values(pl.expenses)) {
    for (const account of section.accounts) {
      const { general_ledger } = await tour.api<{ general_ledger: GeneralLedger }>('/reports/general_ledger', { account_id: account.account_id, ...JUNE, per_page: '200' });
      const line = general_ledger.lines.find((l) => l.source === 'BILL' && l.kind === 'POSTING');
      if (line) return { account, line, ledger: general_ledger };
    }
  }
  throw new Error("no expense account of June's profit and loss has a bill's posting");
}

/**
 * From June's profit and loss, through an expense account's general ledger, to the journal a
 * bill posted and the bill itself; then the trial balance beside the previous period, and the
 * balance sheet's totals. Every figure is checked against the API's own answer.
 */
export async function reportsFlow(tour: ConsoleTour): Promise<void> {
  const { page } = tour;
  await tour.open('/app/reports/profit-and-loss?from=2026-06-01&to=2026-06-30');
  await page.getByRole('heading', { level: 1, name: 'Profit and loss' }).waitFor();
  const { profit_and_loss: pl } = await tour.api<{ profit_and_loss: ProfitAndLoss }>('/reports/profit_and_loss', JUNE);
  const statement = page.getByRole('region', { name: 'Statement of profit and loss, 01/06/2026 to 30/06/2026' });
  expect(await figuresOf(rowOf(statement, 'Total expenses'))).toEqual([String(pl.total_expenses.amount)]);
  await tour.check('Profit and loss');

  // The expense total leads to the expense accounts, each of which leads to its ledger.
  await rowOf(statement, 'Total expenses').getByRole('link').click();
  expect(new URL(page.url()).hash).toBe('#statement-expenses');
  const { account, line, ledger } = await expenseAccountWithBill(tour, pl);
  const accountRow = rowOf(statement, `${account.account_code} ${account.account_name}`);
  expect(await figuresOf(accountRow)).toEqual([String(account.amount)]);
  await accountRow.getByRole('link').click();

  await page.getByRole('heading', { level: 1, name: 'General ledger' }).waitFor();
  const ledgerTable = page.getByRole('region', { name: `General ledger of ${account.account_name}` });
  await ledgerTable.waitFor();
  expect(new URL(page.url()).searchParams.get('account_id')).toBe(account.account_id);
  expect((await figuresOf(ledgerTable.locator('tfoot tr'))).at(-1)).toBe(String(ledger.closing_balance));
  expect(await page.getByRole('textbox', { name: /^From/ }).inputValue()).toBe('01/06/2026');
  await tour.check('General ledger');

  await ledgerTable.getByRole('link', { name: `Bill ${line.document_number}`, exact: true }).first().click();
  const { journal } = await tour.api<{ journal: Journal }>(`/journals/${line.journal_id}`);
  await page.getByRole('heading', { level: 1, name: `Journal entry, ${journal.source_ref}` }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/app/journals/${line.journal_id}`);
  const lines = page.getByRole('region', { name: 'Lines of the entry' }).locator('tbody tr');
  const shown = await lines.evaluateAll((rows) => rows.map((row) => ({
    ledger: row.querySelector('a')?.getAttribute('href') ?? '',
    figures: [...row.querySelectorAll('data')].map((d) => d.getAttribute('value')),
  })));
  expect(shown.map((r) => [new URL(r.ledger, 'http://x').searchParams.get('account_id'), ...r.figures]))
    .toEqual(journal.lines.map((l) => [l.account_id, String(l.debit), String(l.credit)]));
  expect(journal.source).toBe('BILL');
  expect(await page.getByRole('link', { name: `Bill ${journal.source_ref}`, exact: true }).getAttribute('href')).toBe(`/app/documents/bills/${journal.source_id}`);
  // The bill's PDF, as the API renders it.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  await tour.check('Journal entry');

  // The trial balance beside the previous period: June and the 30 days before it.
  await tour.open('/app/reports/trial-balance?from=2026-06-01&to=2026-06-30&compare=previous_period');
  const trial = page.getByRole('region', { name: 'Trial balance, 01/06/2026 to 30/06/2026' });
  await trial.waitFor();
  const headers = await trial.locator('thead th').allTextContents();
  expect(headers).toEqual(['Account', 'Opening', 'Debit', 'Credit', 'Closing', 'Closing, 02/05/2026 to 31/05/2026']);
  const { trial_balance: june } = await tour.api<{ trial_balance: TrialBalance }>('/reports/trial_balance', JUNE);
  const { trial_balance: may } = await tour.api<{ trial_balance: TrialBalance }>('/reports/trial_balance', { from_date: '2026-05-02', to_date: '2026-05-31' });
  expect((await figuresOf(trial.locator('tfoot tr'))).slice(2)).toEqual(
    [june.total_debit, june.total_credit, june.closing_debit, june.closing_credit, may.closing_debit, may.closing_credit].map(String),
  );
  await tour.check('Trial balance, compared');

  await tour.open('/app/reports/balance-sheet?from=2026-04-01&to=2026-06-30');
  const sheet = page.getByRole('region', { name: 'Balance sheet as at 30/06/2026' });
  await sheet.waitFor();
  const { balance_sheet: bs } = await tour.api<{ balance_sheet: { total_assets: Figure; total_equity_and_liabilities: Figure } }>('/reports/balance_sheet', { date: '2026-06-30' });
  expect(await figuresOf(rowOf(sheet, 'Total assets'))).toEqual([String(bs.total_assets.amount)]);
  expect(await figuresOf(rowOf(sheet, 'Total equity and liabilities'))).toEqual([String(bs.total_equity_and_liabilities.amount)]);
  await tour.check('Balance sheet');
}
