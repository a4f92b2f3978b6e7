export { ewayBillService } from './ewaybill.service';
export { ewayBillRoutes } from './ewaybill.routes';
