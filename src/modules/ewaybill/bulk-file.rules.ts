import type { EWayBill } from './ewaybill.schemas';
import { BULK_FILE_VERSION, type BulkBill, type EWayBillBulkFile } from './bulk-file.schemas';

/**
 * One e-way bill as the portal's bulk file carries it (docs/rules/einvoice-ewaybill.md, "The
 * bulk-upload file"): the API's fields under the bulk tool's names. `userGstin` is whoever
 * generates it, the branch: the consignor of an outward movement, the recipient of an inward one.
 * Bahi's e-way bill lists goods lines only, so the main HSN code is the first line's; an item's
 * cessNonadvol is the file's cessNonAdvol.
 */
export function bulkBillOf(ewb: EWayBill): BulkBill {
  const { transactionType, actFromStateCode, actToStateCode, cessNonAdvolValue, itemList, ...same } = ewb;
  return {
    ...same,
    userGstin: ewb.supplyType === 'O' ? ewb.fromGstin : ewb.toGstin,
    // The bulk tool leaves it empty but for sub-supply type 8 (others).
    subSupplyDesc: ewb.subSupplyDesc ?? '',
    transType: transactionType,
    actualFromStateCode: actFromStateCode,
    actualToStateCode: actToStateCode,
    TotNonAdvolVal: cessNonAdvolValue,
    OthValue: 0,
    mainHsnCode: itemList[0]!.hsnCode,
    itemList: itemList.map(({ cessNonadvol, ...item }, i) => ({ itemNo: i + 1, ...item, cessNonAdvol: cessNonadvol })),
  };
}

/** The bulk-upload file of several e-way bills, in the order given. */
export function bulkFileOf(ewayBills: readonly EWayBill[]): EWayBillBulkFile {
  return { version: BULK_FILE_VERSION, billLists: ewayBills.map(bulkBillOf) };
}
