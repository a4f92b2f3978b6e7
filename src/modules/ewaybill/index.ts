export { ewayBillService } from './ewaybill.service';
export { ewayBillRoutes, EWayBillResponse } from './ewaybill.routes';
export { EWayBillQuery } from './ewaybill.schemas';
export { placeOf } from './movement.rules';
export type { EWayBillService } from './ewaybill.service';
