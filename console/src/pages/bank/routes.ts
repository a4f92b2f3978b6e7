import type { Page } from '../page';
import { BankAccountsPage } from './accounts-page';
import { LinesPage } from './lines-page';
import { MatchPage } from './match-page';
import { ReconciliationsPage } from './reconciliations-page';
import { BankRulesPage } from './rules-page';
import { StatementsPage } from './statements-page';

const READ = 'Svc.banking.READ';

/** The bank pages: the accounts and the rules in the menu; an account's pages reached from its row. */
export const bankPages: Page[] = [
  { path: '/app/bank', title: 'Bank accounts', component: BankAccountsPage, scope: READ, nav: 'Bank' },
  { path: '/app/bank/rules', title: 'Bank rules', component: BankRulesPage, scope: READ, nav: 'Bank' },
  { path: '/app/bank/:account_id/match', title: 'Match lines', component: MatchPage, scope: READ },
  { path: '/app/bank/:account_id/lines', title: 'All lines', component: LinesPage, scope: READ },
  { path: '/app/bank/:account_id/statements', title: 'Statements', component: StatementsPage, scope: READ },
  { path: '/app/bank/:account_id/reconciliations', title: 'Reconciliations', component: ReconciliationsPage, scope: READ },
];
