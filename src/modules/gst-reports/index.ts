export { gstReportsService } from './gst-reports.service';
export { gstReportRoutes } from './gst-reports.routes';
export { gstr3bRoutes } from './gstr3b.routes';
export { gstr1Routes } from './gstr1.routes';
export { filedReturnsService } from './filed-returns.service';
export { filedReturnsRoutes } from './filed-returns.routes';
