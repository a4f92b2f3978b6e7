export { purchaseOrdersService, type PurchaseOrdersService } from './purchase-orders.service';
export { purchaseOrdersRoutes } from './purchase-orders.routes';
