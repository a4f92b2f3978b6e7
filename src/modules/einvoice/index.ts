export { einvoiceService } from './einvoice.service';
export { einvoiceRoutes } from './einvoice.routes';
