import type { Page } from '../page';
import { ImsActionsPage } from './ims-page';
import { ReconciliationPage } from './reconciliation-page';
import { SuppliersPage } from './suppliers-page';

const READ = 'Svc.gst.READ';

/** The GST pages: GSTR-2B against the books, the suppliers to chase, and the IMS actions. */
export const gstPages: Page[] = [
  { path: '/app/gst/reconciliation', title: 'GSTR-2B reconciliation', component: ReconciliationPage, scope: READ, nav: 'GST' },
  { path: '/app/gst/suppliers', title: "Suppliers' filings", component: SuppliersPage, scope: READ, nav: 'GST' },
  { path: '/app/gst/ims', title: 'IMS actions', component: ImsActionsPage, scope: READ, nav: 'GST' },
];
