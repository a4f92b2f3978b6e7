import type { Db } from '../../db/database';
import type { ImsStanding } from './gstr2b-credit.rules';
import { imsActionsOf } from './ims-actions.store';
import { imsStatusOf, type ImsDocumentType } from './ims-status.rules';
import { supplierDocumentKey, type Gstr2bDocument } from './itc-documents';

const IMS_TYPES = new Set<string>(['INV', 'CN', 'DN']);

/**
 * What the recipient's IMS actions make of each 2B document of one GSTIN when its 2B is
 * generated (docs/rules/itc-reconciliation.md, "IMS actions"). Documents IMS does not cover
 * (imports, ISD) stand accepted. Quarterly (QRMP) filing is not recorded in Bahi: tax periods are months.
 */
export async function imsStandingOf(db: Db, orgId: string, gstin: string): Promise<(document: Gstr2bDocument) => ImsStanding> {
  const actions = await imsActionsOf(db, orgId, gstin);
  return (d) => {
    if (!IMS_TYPES.has(d.documentType)) return { status: 'ACCEPTED' };
    const row = actions.get(supplierDocumentKey(d));
    const status = imsStatusOf({
      action: (row?.action ?? null) as 'ACCEPTED' | 'REJECTED' | 'PENDING' | null, documentType: d.documentType as ImsDocumentType,
      documentDate: d.documentDate, gstr2bPeriod: d.period, reportedPeriod: d.supplierPeriod, quarterly: false,
    });
    if (status !== 'ACCEPTED' || row?.credit_reduction === null || row?.credit_reduction === undefined || row.credit_reduction === 'FULL') return { status };
    return {
      status,
      reduction: row.credit_reduction === 'NONE'
        ? { igst: 0, cgst: 0, sgst: 0, cess: 0 }
        : { igst: row.reduced_igst ?? 0, cgst: row.reduced_cgst ?? 0, sgst: row.reduced_sgst ?? 0, cess: row.reduced_cess ?? 0 },
    };
  };
}
