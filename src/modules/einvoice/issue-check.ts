import type { Tx } from '../../db/database';
import { invalidValue } from '../../kernel/errors';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import { orgReading } from '../../platform/orgs/org-reading';
import { readPreferences } from '../../platform/orgs/preferences';
import { documentParties } from './document-source';
import { einvoiceParties, supplyTypeOf } from './einvoice.builder';
import { partyProblems } from './einvoice.rules';

/** The columns of a document being issued that its e-invoice's parties come from. */
export interface IssuedDocument {
  branch_id: string;
  /** The name the document is made out to (customer_name, contact_name). */
  name: string;
  /** The party copy being frozen onto the document (documents/party-copy.ts). */
  party: string | null;
  gst_treatment: string | null;
  export_type: string | null;
  place_of_supply: string;
}

/**
 * When an organisation that e-invoices (preference `einvoicing`) issues an invoice, credit note
 * or debit note that needs an e-invoice, its parties are held to the IRP's checks before the
 * party copy is frozen (docs/rules/einvoice-ewaybill.md, "What the IRP checks"), so the contact
 * is corrected first: 400 validation.invalid_value with every problem in errors[], at its payload path.
 */
export async function assertEInvoiceParties(tx: Tx, orgId: string, document: IssuedDocument, noun: string) {
  const pos = stateCodeOfIso(document.place_of_supply) ?? '';
  const supplyType = supplyTypeOf(document.gst_treatment, document.export_type, pos);
  // The organisation's row is read once per transaction anyway: an organisation that does not e-invoice costs no read here.
  if (supplyType === null || !readPreferences((await orgReading(tx, orgId)).preferences).einvoicing) return;
  const parties = await documentParties(tx, orgId, document.branch_id, { name: document.name, party: document.party });
  const payload = einvoiceParties({ seller: parties.branch, buyer: parties.contact, pos, shipTo: parties.shipTo }, supplyType);
  const problems = partyProblems({ ...payload, TranDtls: { TaxSch: 'GST', SupTyp: supplyType, RegRev: 'N', EcmGstin: null, IgstOnIntra: 'N' } });
  if (problems.length === 0) return;
  throw invalidValue(problems[0]!.field, `The organisation e-invoices, and the IRP would reject this ${noun}'s parties: correct the contact or the branch first. ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`, { errors: problems });
}
