import type { Page } from '../page';
import { BalanceSheetPage } from './balance-sheet-page';
import { GeneralLedgerPage } from './general-ledger-page';
import { JournalPage } from './journal-page';
import { ProfitAndLossPage } from './profit-and-loss-page';
import { TrialBalancePage } from './trial-balance-page';

/** The ledger reports (docs/rules/reports.md: Svc.accounts.READ) and the journal a ledger line leads to. */
export const reportsPages: Page[] = [
  { path: '/app/reports/profit-and-loss', title: 'Profit and loss', component: ProfitAndLossPage, scope: 'Svc.accounts.READ', nav: 'Reports' },
  { path: '/app/reports/balance-sheet', title: 'Balance sheet', component: BalanceSheetPage, scope: 'Svc.accounts.READ', nav: 'Reports' },
  { path: '/app/reports/trial-balance', title: 'Trial balance', component: TrialBalancePage, scope: 'Svc.accounts.READ', nav: 'Reports' },
  { path: '/app/reports/general-ledger', title: 'General ledger', component: GeneralLedgerPage, scope: 'Svc.accounts.READ', nav: 'Reports' },
  // GET /journals/{id} needs the journals scope, not the ledger reports' one.
  { path: '/app/journals/:journal_id', title: 'Journal entry', component: JournalPage, scope: 'Svc.journals.READ' },
];
