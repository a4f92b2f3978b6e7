import type { Db, Tx } from '../../db/database';
import { otherGoodsPlace } from '../ewaybill/movement.rules';
import { readPartyCopy } from '../documents';
import type { InvoiceLinesTable } from '../../db/schema';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import type { Party, SourceLine } from './einvoice.builder';

/*
 * What the GST e-documents (e-invoice, e-way bill) read from the books: a document's lines
 * and its two parties, the branch and the contact as the document keeps it. Shared so both
 * documents describe a line, a service, an address and a PIN the same way.
 */

/** The document's side of its contact: the name it was made out to and its stored party (documents/party-copy.ts). */
export interface Counterparty { name: string; party: string | null }
type LineTable = 'invoice_lines' | 'credit_note_lines' | 'debit_note_lines' | 'bill_lines';
type IdColumn = 'invoice_id' | 'credit_note_id' | 'debit_note_id' | 'bill_id';

/** The columns of a stored line that a SourceLine is made from. */
export const LINE_COLUMNS = ['name', 'description', 'hsn_or_sac', 'quantity_milli', 'unit', 'rate', 'discount', 'tax_rate_centi', 'item_total', 'cgst', 'sgst', 'igst', 'cess', 'cess_rate_centi', 'cess_per_unit', 'item_id'] as const;

/** The lines of one document, in order; a SAC (chapter 99) or an item of type service is a service. */
export async function documentLines(db: Db, table: LineTable, idColumn: IdColumn, orgId: string, id: string): Promise<SourceLine[]> {
  const rows = await db.selectFrom(table as 'invoice_lines').select([...LINE_COLUMNS])
    .where('org_id', '=', orgId).where(idColumn as 'invoice_id', '=', id).orderBy('position').execute();
  const itemIds = rows.map((r) => r.item_id).filter((x): x is string => x !== null);
  const services = new Set(itemIds.length === 0 ? [] : (await db.selectFrom('items').select('item_id')
    .where('org_id', '=', orgId).where('item_id', 'in', itemIds).where('type', '=', 'SERVICE').execute()).map((i) => i.item_id));
  return rows.map((r) => sourceLineOf(r, r.item_id !== null && services.has(r.item_id)));
}

/** A stored line as the e-documents and the HSN summary read it; a SAC (chapter 99) or an item of type service is a service. */
export function sourceLineOf(r: Pick<InvoiceLinesTable, (typeof LINE_COLUMNS)[number]>, serviceItem: boolean): SourceLine {
  return {
    name: r.name, description: r.description, hsnOrSac: r.hsn_or_sac, quantityMilli: r.quantity_milli, unit: r.unit,
    isService: (r.hsn_or_sac?.startsWith('99') ?? false) || serviceItem,
    rate: r.rate, discount: r.discount, taxRateCenti: r.tax_rate_centi, itemTotal: r.item_total, cgst: r.cgst, sgst: r.sgst, igst: r.igst,
    cess: r.cess, cessRateCenti: r.cess_rate_centi, cessPerUnit: r.cess_per_unit,
  };
}

/**
 * The branch as a party (the organisation's legal name, the branch's GSTIN and address) and the
 * contact as the document keeps it (its party as issued, with its billing address), never the
 * contact's current record; and where the contact's goods go when that is not its billing address.
 */
export async function documentParties(db: Db | Tx, orgId: string, branchId: string, counterparty: Counterparty) {
  const [org, branch] = await Promise.all([
    db.selectFrom('orgs').select(['name', 'gstin', 'preferences']).where('org_id', '=', orgId).executeTakeFirstOrThrow(),
    db.selectFrom('branches').selectAll().where('org_id', '=', orgId).where('branch_id', '=', branchId).executeTakeFirstOrThrow(),
  ]);
  const kept = readPartyCopy(counterparty.party);
  const billing = kept?.billing_address ?? null;
  const branchParty: Party = {
    gstin: branch.gstin ?? org.gstin, legalName: org.name, tradeName: null,
    address: branch.address, city: branch.city, zip: branch.zip, stcd: stateCodeOfIso(branch.state_code),
  };
  const gstin = kept?.gstin ?? null;
  const contactParty: Party & { country: string | null } = {
    gstin, legalName: kept?.legal_name ?? counterparty.name, tradeName: counterparty.name,
    address: billing?.address ?? null, city: billing?.city ?? null, zip: billing?.zip ?? null,
    stcd: billing?.state_code ? stateCodeOfIso(billing.state_code) : (gstin?.slice(0, 2) ?? null), country: billing?.country ?? null,
  };
  return { orgPreferences: org.preferences, branch: branchParty, contact: contactParty, shipTo: otherGoodsPlace(kept) };
}
