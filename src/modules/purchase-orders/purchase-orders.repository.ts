import type { PurchaseOrderLinesTable, PurchaseOrdersTable } from '../../db/schema';
import { unpostedDocumentsRepository } from '../documents';

export type PurchaseOrderRow = PurchaseOrdersTable;
export type PurchaseOrderLineRow = PurchaseOrderLinesTable;

export const purchaseOrdersRepository = unpostedDocumentsRepository({ header: 'purchase_orders', lines: 'purchase_order_lines', id: 'purchase_order_id', number: 'purchase_order_number', contact: 'vendor_id', contactName: 'vendor_name' });
