export { salesOrdersService, type SalesOrdersService } from './sales-orders.service';
export { salesOrdersRoutes } from './sales-orders.routes';
