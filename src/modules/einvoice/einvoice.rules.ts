import type { FieldError } from '../../kernel/errors';
import { toPaise as paise } from '../../kernel/money';
import type { EInvoice } from './einvoice.schemas';

/**
 * The IRP's own checks (docs/rules/einvoice-ewaybill.md, "What the IRP checks"), run on a payload before it is handed out,
 * so a business learns every reason the IRP would reject it at once: each problem is one entry,
 * on the payload's field path. Only formats and arithmetic can be checked here; whether an HSN
 * code exists is the IRP's check against its master.
 */
export function einvoiceProblems(payload: EInvoice, hsnDigits: number): FieldError[] {
  const problems: FieldError[] = [];
  const report = (field: string, message: string) => problems.push({ field, code: 'validation.invalid_value', message });

  const no = payload.DocDtls.No;
  if (no.length > 16) report('DocDtls.No', `${no} has ${no.length} characters; the IRP takes at most 16`);
  if (no.startsWith('0')) report('DocDtls.No', `${no} starts with 0, which the IRP refuses`);
  if (!/^[A-Za-z0-9/-]*$/.test(no)) report('DocDtls.No', `${no} has characters other than A-Z, a-z, 0-9, / and -`);

  for (const [side, party] of [['SellerDtls', payload.SellerDtls], ['BuyerDtls', payload.BuyerDtls]] as const) {
    if (!/^[1-9][0-9]{5}$/.test(String(party.Pin))) report(`${side}.Pin`, `the ${side === 'SellerDtls' ? "branch's" : "customer's"} address has no 6-digit PIN (zip)`);
    if (party.Addr1 === '') report(`${side}.Addr1`, `the ${side === 'SellerDtls' ? "branch's" : "customer's"} address has no address lines`);
    if (party.Loc === '') report(`${side}.Loc`, `the ${side === 'SellerDtls' ? "branch's" : "customer's"} address has no city`);
  }
  if (payload.SellerDtls.Gstin === '') report('SellerDtls.Gstin', 'the branch has no GSTIN');
  if (payload.BuyerDtls.Gstin === '') report('BuyerDtls.Gstin', `a ${payload.TranDtls.SupTyp} supply needs the buyer's GSTIN`);

  const intraState = payload.SellerDtls.Stcd === payload.BuyerDtls.Pos && payload.TranDtls.IgstOnIntra === 'N';
  for (const [i, item] of payload.ItemList.entries()) {
    const hsn = item.HsnCd;
    if (hsn === '') report(`ItemList[${i}].HsnCd`, 'the line has no HSN or SAC code');
    else if (!/^([0-9]{4}|[0-9]{6}|[0-9]{8})$/.test(hsn)) report(`ItemList[${i}].HsnCd`, `${hsn} is not 4, 6 or 8 digits`);
    else if (hsn.length < hsnDigits) report(`ItemList[${i}].HsnCd`, `${hsn} is shorter than the organisation's hsnDigits (${hsnDigits})`);
    if (intraState && item.IgstAmt !== 0) report(`ItemList[${i}].IgstAmt`, 'an intra-state item carries CGST and SGST, not IGST (IRP error 2172)');
  }

  const v = payload.ValDtls;
  const assessed = payload.ItemList.reduce((s, it) => s + paise(it.AssAmt), 0);
  if (assessed !== paise(v.AssVal)) report('ValDtls.AssVal', `AssVal ${v.AssVal} is not the sum of the items' AssAmt (${assessed / 100})`);
  const expected = payload.ItemList.reduce((s, it) => s + paise(it.TotItemVal), 0) + paise(v.OthChrg) - paise(v.Discount) + paise(v.RndOffAmt);
  if (Math.abs(paise(v.TotInvVal) - expected) > 100) {
    report('ValDtls.TotInvVal', `TotInvVal ${v.TotInvVal} differs by more than ₹1 from the items' values with charges, discount and round-off (${expected / 100})`);
  }
  return problems;
}
