import { invalidValue, type FieldError } from '../../kernel/errors';
import { EXPORT_PIN } from '../einvoice';
import { combinationProblem } from './ewaybill.rules';
import type { EWayBill } from './ewaybill.schemas';

/*
 * The e-way bill system's own checks (docs/rules/einvoice-ewaybill.md, "What the e-way bill
 * system checks"), run before answering so that a business learns every reason it would be
 * rejected at once.
 */

export type PlaceField = 'fromPincode' | 'fromStateCode' | 'actFromStateCode' | 'toPincode' | 'toStateCode' | 'actToStateCode';
type Item = EWayBill['itemList'][number];
/** An e-way bill as built from the books: a PIN, a state or an HSN code the books lack is null. */
export type EWayBillDraft = Omit<EWayBill, PlaceField | 'itemList'> & { [K in PlaceField]: number | null } & { itemList: (Omit<Item, 'hsnCode'> & { hsnCode: number | null })[] };

const MISSING: Record<PlaceField, string> = {
  fromPincode: 'the address the goods leave from has no 6-digit PIN (zip)',
  fromStateCode: 'the supplier has no state: neither its address nor a GSTIN gives one',
  actFromStateCode: 'the address the goods leave from has no state',
  toPincode: 'the address the goods go to has no 6-digit PIN (zip)',
  toStateCode: 'the recipient has no state: neither its address nor a GSTIN gives one',
  actToStateCode: 'the address the goods go to has no state',
};

/** NIC takes at most 4000 km. */
const MAX_DISTANCE_KM = 4000;
/** Rail, air and ship: the goods travel on a transport document (railway receipt, airway bill, bill of lading). */
const DOCUMENTED_MODES = new Set(['2', '3', '4']);

/** An e-way bill's DD/MM/YYYY date as YYYY-MM-DD, which sorts. */
const isoOf = (ddmmyyyy: string) => `${ddmmyyyy.slice(6, 10)}-${ddmmyyyy.slice(3, 5)}-${ddmmyyyy.slice(0, 2)}`;

/** The transport's problems: the distance NIC cannot take or work out, a transport document or a vehicle missing. */
function transportProblems(draft: EWayBillDraft): FieldError[] {
  const problems: FieldError[] = [];
  const report = (field: string, message: string) => problems.push({ field, code: 'validation.invalid_value', message });
  const km = Number(draft.transDistance);
  if (km > MAX_DISTANCE_KM) report('transDistance', `${km} km is more than the e-way bill system takes (${MAX_DISTANCE_KM} km)`);
  const unplaced = [draft.fromPincode, draft.toPincode].some((pin) => pin === null || pin === EXPORT_PIN);
  if (km === 0 && unplaced) report('transDistance', 'the e-way bill system works the distance out from two PINs in India only: give distance_km');
  if (draft.transMode === '1' && draft.vehicleNo === null && draft.transporterId === null) {
    report('vehicleNo', 'road transport needs the vehicle number (vehicle_no), or the transporter (transporter_id) who will enter it');
  }
  if (draft.transMode !== null && DOCUMENTED_MODES.has(draft.transMode)) {
    if (draft.transDocNo === null) report('transDocNo', 'rail, air and ship move on a transport document: give trans_doc_no (railway receipt, airway bill, bill of lading)');
    if (draft.transDocDate === null) report('transDocDate', "rail, air and ship move on a transport document: give trans_doc_date, the document's date");
  }
  // The goods are handed to the transporter once the document moving them is issued: a transport document dated before it is refused.
  if (draft.transDocDate !== null && isoOf(draft.transDocDate) < isoOf(draft.docDate)) {
    report('transDocDate', `the transport document is dated ${draft.transDocDate}, before the document that moves the goods (${draft.docDate})`);
  }
  return problems;
}

/**
 * The draft as NIC takes it; 400 validation.invalid_value with every problem in errors[] when
 * the e-way bill system would reject it: a document type its supply type does not move on, an
 * "others" movement that does not say what it is, a PIN, state or HSN code missing, a distance
 * beyond 4000 km or none where NIC cannot work it out, road transport with neither a vehicle nor
 * a transporter to enter one later, rail, air or ship without its transport document, or a
 * transport document dated before the document.
 * `missing` names a place field's cause when the caller knows it.
 */
export function checkedEWayBill(draft: EWayBillDraft, missing: Partial<Record<PlaceField, string>> = {}): EWayBill {
  const problems: FieldError[] = [];
  const present = (field: string, value: number | null, message: string): number => {
    if (value === null) problems.push({ field, code: 'validation.invalid_value', message });
    return value ?? 0;
  };
  const combination = combinationProblem(draft.supplyType, draft.subSupplyType, draft.docType);
  if (combination !== null) problems.push({ field: 'docType', code: 'validation.invalid_value', message: combination });
  if (draft.subSupplyType === '8' && (draft.subSupplyDesc ?? '') === '') {
    problems.push({ field: 'subSupplyDesc', code: 'validation.invalid_value', message: 'a movement of sub-supply type 8 (others) says what it is (subSupplyDesc)' });
  }
  const places = Object.fromEntries((Object.keys(MISSING) as PlaceField[]).map((f) => [f, present(f, draft[f], missing[f] ?? MISSING[f])])) as Record<PlaceField, number>;
  const itemList = draft.itemList.map((item, i) => ({ ...item, hsnCode: present(`itemList[${i}].hsnCode`, item.hsnCode, `${item.productName} has no HSN code: goods are reported by their HSN code`) }));
  problems.push(...transportProblems(draft));
  if (problems.length > 0) {
    throw invalidValue(problems[0]!.field, `The e-way bill system would reject this e-way bill: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`, { errors: problems });
  }
  return { ...draft, ...places, itemList };
}
