export { ewayBillService } from './ewaybill.service';
export { ewayBillRoutes } from './ewaybill.routes';
export { ewayBillBulkFiles } from './bulk-file.service';
export { ewayBillBulkRoutes } from './bulk-file.routes';
export { bulkFileOf } from './bulk-file.rules';
export type { EWayBillService } from './ewaybill.service';
export type { EWayBill } from './ewaybill.schemas';
export { EWayBillQuery } from './ewaybill.schemas';
export { ewayBillSources, type EWayBillSources } from './ewaybill-sources';
