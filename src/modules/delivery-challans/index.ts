export { deliveryChallansService, type DeliveryChallansService } from './delivery-challans.service';
export { deliveryChallansRoutes } from './delivery-challans.routes';
export { challanEWayBill } from './delivery-challans.ewaybill';
