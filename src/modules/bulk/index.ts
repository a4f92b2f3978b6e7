export { bulkRoute, MAX_BULK_ROWS, type BulkKind } from './bulk.routes';
