export { gstReportsService } from './gst-reports.service';
export { gstReportRoutes } from './gst-reports.routes';
