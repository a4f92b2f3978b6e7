import type { Page } from '../page';
import { DocumentsIssuedPage } from './documents-issued-page';
import { Gstr1Page } from './gstr1-page';
import { Gstr3bPage } from './gstr3b-page';
import { HsnSummaryPage } from './hsn-summary-page';
import { LockPage } from './lock-page';

/**
 * Filing GST returns: each return of a GSTIN and month, the reports it takes tables from, marking
 * it filed, and locking the books once filed. The lock is the admin API's (an admin token), so
 * its page asks only what the other filing pages do.
 */
export const filingPages: Page[] = [
  { path: '/app/filing/gstr1', title: 'GSTR-1', component: Gstr1Page, scope: 'Svc.gst.READ', nav: 'Filing' },
  { path: '/app/filing/gstr3b', title: 'GSTR-3B', component: Gstr3bPage, scope: 'Svc.gst.READ', nav: 'Filing' },
  { path: '/app/filing/hsn-summary', title: 'HSN summary', component: HsnSummaryPage, scope: 'Svc.gst.READ', nav: 'Filing' },
  { path: '/app/filing/documents-issued', title: 'Documents issued', component: DocumentsIssuedPage, scope: 'Svc.gst.READ', nav: 'Filing' },
  { path: '/app/filing/lock', title: 'Lock a period', component: LockPage, scope: 'Svc.gst.READ', nav: 'Filing' },
];
