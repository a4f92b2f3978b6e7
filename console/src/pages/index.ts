import { bankPages } from './bank/routes';
import { dashboardPages } from './dashboard/routes';
import { documentsPages } from './documents/routes';
import { filingPages } from './filing/routes';
import { gstPages } from './gst/routes';
import type { NavGroup, Page } from './page';
import { reportsPages } from './reports/routes';

/** Every screen, in the menu's order. */
export const PAGES: Page[] = [...dashboardPages, ...reportsPages, ...documentsPages, ...bankPages, ...gstPages, ...filingPages];

export const NAV_GROUPS: NavGroup[] = ['Overview', 'Reports', 'Documents', 'Bank', 'GST', 'Filing'];
