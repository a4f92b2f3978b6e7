import type { SalesOrderLinesTable, SalesOrdersTable } from '../../db/schema';
import { unpostedDocumentsRepository } from '../documents';

export type SalesOrderRow = SalesOrdersTable;
export type SalesOrderLineRow = SalesOrderLinesTable;

export const salesOrdersRepository = unpostedDocumentsRepository({ header: 'sales_orders', lines: 'sales_order_lines', id: 'sales_order_id', number: 'sales_order_number', contact: 'customer_id', contactName: 'customer_name' });
