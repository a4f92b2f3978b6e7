import type { Page } from '../page';
import { Dashboard } from './dashboard';

export const dashboardPages: Page[] = [
  { path: '/app', title: 'Dashboard', component: Dashboard, scope: 'Svc.accounts.READ', nav: 'Overview' },
];
