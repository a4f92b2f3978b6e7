import type { EstimateLinesTable, EstimatesTable } from '../../db/schema';
import { unpostedDocumentsRepository } from '../documents';

export type EstimateRow = EstimatesTable;
export type EstimateLineRow = EstimateLinesTable;

export const estimatesRepository = unpostedDocumentsRepository({ header: 'estimates', lines: 'estimate_lines', id: 'estimate_id', number: 'estimate_number', contact: 'customer_id', contactName: 'customer_name' });
