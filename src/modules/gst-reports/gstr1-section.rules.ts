import type { Paise } from '../../kernel/money';
import type { Gstr1Head, Gstr1Note } from './gstr1.rules';

/*
 * Which GSTR-1 section a document lands in (docs/rules/returns-gstr1-gstr3b.md, "GSTR-1"); each in
 * exactly one. A note follows its invoice for unregistered recipients: against a b2cl invoice
 * or an export it is cdnur, otherwise it nets in b2cs.
 */

export type InvoiceSection = 'b2b' | 'b2cl' | 'b2cs' | 'exp';
export type NoteSection = 'cdnr' | 'cdnur' | 'b2cs';

/** Rule 59(4): B2CL is an invoice value above ₹2,50,000 before 1 August 2024 (Notification 12/2024-CT), above ₹1,00,000 from then. */
export const b2clThreshold = (date: string): Paise => (date < '2024-08-01' ? 2_50_000_00 : 1_00_000_00);

/**
 * An export: the place of supply is outside India, 96 (goods: IGST Act s.2(5), s.11(b);
 * services: s.2(6)(iii), s.13). An OVERSEAS customer served at an Indian place of supply is an
 * unregistered recipient like any other (docs/rules/gst-supply-and-tax.md, "Places outside the states: 96 and 97").
 */
export const isExport = (d: Gstr1Head) => d.pos === '96';
/** Registered recipients, SEZ units and deemed-export buyers included: those with a GSTIN. */
const isRegistered = (d: Gstr1Head) => d.ctin !== null && !isExport(d);
/** Inter-state: the place of supply is not the supplier's state (97, other territory, included). */
export const isInterState = (d: Gstr1Head) => d.pos !== d.supplierState;

export function invoiceSection(d: Gstr1Head): InvoiceSection {
  if (isExport(d)) return 'exp';
  if (isRegistered(d)) return 'b2b';
  return isInterState(d) && d.value > b2clThreshold(d.date) ? 'b2cl' : 'b2cs';
}

export function noteSection(n: Gstr1Note): NoteSection {
  if (isRegistered(n)) return 'cdnr';
  const credited = n.invoice ? invoiceSection(n.invoice) : isExport(n) ? 'exp' : 'b2cs';
  return credited === 'b2cl' || credited === 'exp' ? 'cdnur' : 'b2cs';
}

/** The `inv_typ` of a supply to a registered recipient: regular, SEZ with or without payment, deemed export. */
export function invoiceType(d: Gstr1Head): 'R' | 'SEWP' | 'SEWOP' | 'DE' {
  if (d.gstTreatment === 'SEZ') return d.exportType === 'WOPAY' ? 'SEWOP' : 'SEWP';
  return d.gstTreatment === 'DEEMED_EXPORT' ? 'DE' : 'R';
}

/** An export's `exp_typ`: with IGST paid (the default) or under a Letter of Undertaking. */
export const exportType = (d: Gstr1Head): 'WPAY' | 'WOPAY' => (d.exportType === 'WOPAY' ? 'WOPAY' : 'WPAY');
