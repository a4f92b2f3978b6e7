import type { PurchaseOrderLinesTable, PurchaseOrdersTable } from '../../db/schema';
import { unpostedDocumentsRepository } from '../documents';

export type PurchaseOrderRow = PurchaseOrdersTable;
export type PurchaseOrderLineRow = PurchaseOrderLinesTable;

export const purchaseOrdersRepository = unpostedDocumentsRepository({ header: 'purchase_orders', lines: 'purchase_order_lines', id: 'purchase_order_id', contact: 'vendor_id' });
