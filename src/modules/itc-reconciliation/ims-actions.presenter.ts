import type { ImsActionsTable } from '../../db/itc-schema';
import { isoTimestamp } from '../../kernel/local-date';
import { toRupees, type Paise } from '../../kernel/money';
import type { ImsActionSchema } from './ims-actions.schemas';

const rupees = (paise: Paise | null) => (paise === null ? null : toRupees(paise));

export function presentImsAction(row: ImsActionsTable): ImsActionSchema {
  return {
    ims_action_id: row.ims_action_id, gstin: row.gstin, supplier_gstin: row.supplier_gstin,
    document_type: row.document_type as ImsActionSchema['document_type'], document_number: row.document_number, document_date: row.document_date,
    financial_year: row.financial_year, number_key: row.number_key, action: row.action as ImsActionSchema['action'], reason: row.reason,
    credit_reduction: row.credit_reduction === null ? null : {
      kind: row.credit_reduction as NonNullable<ImsActionSchema['credit_reduction']>['kind'],
      igst: rupees(row.reduced_igst), cgst: rupees(row.reduced_cgst), sgst: rupees(row.reduced_sgst), cess: rupees(row.reduced_cess), remark: row.remark,
    },
    acted_on: row.acted_on, version: row.version, created_time: isoTimestamp(new Date(row.created_time)), last_modified_time: isoTimestamp(new Date(row.last_modified_time)),
  };
}
