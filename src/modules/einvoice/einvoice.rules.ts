import type { FieldError } from '../../kernel/errors';
import { daysBetween } from '../../kernel/local-date';
import { toPaise as paise } from '../../kernel/money';
import { ADDRESS_LINE_MAX } from './address-lines.rules';
import type { EInvoice } from './einvoice.schemas';
import { pinFitsState } from './pin-states.rules';

/** The IRP's bound on ValDtls.RndOffAmt: −99.99 to 99.99 (NIC, e-invoice schema 1.1). */
export const ROUND_OFF_BOUND = 99.99;

/**
 * The reporting limit (docs/rules/einvoice-ewaybill.md, "What the IRP checks"): GSTN's advisory
 * of 5 November 2024 has the IRP refuse, from 1 April 2025, a document older than 30 days on the
 * day it is reported by a business with aggregate turnover of ₹10 crore or more.
 */
export const REPORTING_LIMIT_FROM = '2025-04-01';

type Report = (field: string, message: string) => void;
type PartyDtls = EInvoice['SellerDtls'] | EInvoice['BuyerDtls'] | NonNullable<EInvoice['ShipDtls']>;
/** Who a party is, in a message. */
const WHOSE = { SellerDtls: "the branch's", BuyerDtls: "the customer's", ShipDtls: "the customer's shipping" } as const;
type Side = keyof typeof WHOSE;

/** A text field's length within the schema's bounds. */
function checkLength(report: Report, field: string, value: string | null, min: number, max: number, what: string) {
  if (value === null || value === '') return;
  if (value.length < min || value.length > max) report(field, `${what} has ${value.length} characters; the IRP takes ${min} to ${max}`);
}

/**
 * One party's checks (schema 1.1's bounds, and the IRP's GSTIN–state match): names of 3 to 100
 * characters, an address line, a city of 3 to 50 characters for the seller (100 for the others),
 * a 6-digit PIN, and a state code that is its GSTIN's first two digits. An export's buyer (URP)
 * has no GSTIN to match.
 */
function partyChecks(report: Report, side: Side, party: PartyDtls) {
  const whose = WHOSE[side];
  checkLength(report, `${side}.LglNm`, party.LglNm, 3, 100, `${whose} legal name`);
  checkLength(report, `${side}.TrdNm`, party.TrdNm ?? null, 3, 100, `${whose} trade name`);
  if (!/^[1-9][0-9]{5}$/.test(String(party.Pin))) report(`${side}.Pin`, `${whose} address has no 6-digit PIN (zip)`);
  if (party.Addr1 === '') report(`${side}.Addr1`, `${whose} address has no address lines`);
  // addressLines fills Addr1 to the limit first: only an address longer than two lines leaves Addr2 too long.
  else if (party.Addr2 !== null && party.Addr2 !== undefined && party.Addr2.length > ADDRESS_LINE_MAX) {
    report(`${side}.Addr2`, `${whose} address is longer than the IRP's two lines of ${ADDRESS_LINE_MAX} characters hold`);
  }
  if (party.Loc === '') report(`${side}.Loc`, `${whose} address has no city`);
  else checkLength(report, `${side}.Loc`, party.Loc, 3, side === 'SellerDtls' ? 50 : 100, `${whose} city`);
  const gstin = party.Gstin ?? '';
  if (/^[0-9]{2}/.test(gstin) && party.Stcd !== '' && gstin.slice(0, 2) !== party.Stcd) {
    report(`${side}.Stcd`, `${whose} state code ${party.Stcd} is not that of its GSTIN ${gstin} (${gstin.slice(0, 2)})`);
  }
}

/**
 * The checks of the parties alone: what an organisation that e-invoices has checked when a
 * document is issued, before its party copy is frozen (docs/rules/einvoice-ewaybill.md, "What the IRP checks").
 */
export function partyProblems(payload: Pick<EInvoice, 'TranDtls' | 'SellerDtls' | 'BuyerDtls' | 'ShipDtls'>): FieldError[] {
  const problems: FieldError[] = [];
  const report: Report = (field, message) => problems.push({ field, code: 'validation.invalid_value', message });
  partyChecks(report, 'SellerDtls', payload.SellerDtls);
  partyChecks(report, 'BuyerDtls', payload.BuyerDtls);
  if (payload.ShipDtls) partyChecks(report, 'ShipDtls', payload.ShipDtls);
  if (payload.SellerDtls.Gstin === '') report('SellerDtls.Gstin', 'the branch has no GSTIN');
  if (payload.BuyerDtls.Gstin === '') report('BuyerDtls.Gstin', `a ${payload.TranDtls.SupTyp} supply needs the buyer's GSTIN`);
  return problems;
}

/**
 * The IRP's own checks (docs/rules/einvoice-ewaybill.md, "What the IRP checks"), run on a payload before it is handed out,
 * so a business learns every reason the IRP would reject it at once: each problem is one entry,
 * on the payload's field path. Only formats and arithmetic can be checked here; whether an HSN
 * code exists is the IRP's check against its master.
 */
export function einvoiceProblems(payload: EInvoice, hsnDigits: number): FieldError[] {
  const problems: FieldError[] = [];
  const report: Report = (field, message) => problems.push({ field, code: 'validation.invalid_value', message });

  const dispatch = payload.DispDtls;
  if (dispatch) {
    if (!/^[1-9][0-9]{5}$/.test(String(dispatch.Pin))) report('DispDtls.Pin', 'the dispatch address has no 6-digit PIN (zip)');
    if (dispatch.Addr1 === '') report('DispDtls.Addr1', 'the dispatch address has no address lines');
    if (dispatch.Stcd === '') report('DispDtls.Stcd', 'the dispatch address has no state');
    if (dispatch.Loc.length < 3 || dispatch.Loc.length > 100) report('DispDtls.Loc', `the dispatch address's city has ${dispatch.Loc.length} characters; the IRP takes 3 to 100`);
  }

  const no = payload.DocDtls.No;
  if (no.length > 16) report('DocDtls.No', `${no} has ${no.length} characters; the IRP takes at most 16`);
  if (no.startsWith('0')) report('DocDtls.No', `${no} starts with 0, which the IRP refuses`);
  if (!/^[A-Za-z0-9/-]*$/.test(no)) report('DocDtls.No', `${no} has characters other than A-Z, a-z, 0-9, / and -`);

  problems.push(...partyProblems(payload));

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
  if (Math.abs(v.RndOffAmt) > ROUND_OFF_BOUND) report('ValDtls.RndOffAmt', `RndOffAmt ${v.RndOffAmt} is outside the IRP's −${ROUND_OFF_BOUND} to ${ROUND_OFF_BOUND}`);
  return problems;
}

/**
 * The reporting limit on a document dated `date` reported on `today` (both IST dates): with a
 * window of 30 days, a document of 1 April is reportable up to 30 April. A null window is no
 * limit (a turnover under ₹10 crore); before REPORTING_LIMIT_FROM there was none.
 */
export function reportingWindowProblem(date: string, today: string, windowDays: number | null): FieldError | null {
  if (windowDays === null || today < REPORTING_LIMIT_FROM || daysBetween(date, today) < windowDays) return null;
  return {
    field: 'DocDtls.Dt', code: 'validation.invalid_value',
    message: `the document is dated ${date}, ${daysBetween(date, today)} days before today (${today}): the IRP takes documents at most ${windowDays - 1} days old (preference einvoiceReportingWindowDays ${windowDays})`,
  };
}

/** What the IRP takes but a business should look at: a PIN outside its state's PIN prefixes (enclaves and border post offices exist). */
export function pinWarnings(payload: Pick<EInvoice, 'SellerDtls' | 'BuyerDtls' | 'ShipDtls'>): Array<{ field: string; message: string }> {
  const parties = [['SellerDtls', payload.SellerDtls], ['BuyerDtls', payload.BuyerDtls], ['ShipDtls', payload.ShipDtls]] as const;
  return parties.flatMap(([side, party]) => (party && party.Pin !== 999_999 && /^[1-9][0-9]{5}$/.test(String(party.Pin)) && party.Stcd !== '' && !pinFitsState(party.Pin, party.Stcd)
    ? [{ field: `${side}.Pin`, message: `PIN ${party.Pin} is not in a range of state ${party.Stcd}: check it (enclaves and border post offices aside)` }]
    : []));
}
