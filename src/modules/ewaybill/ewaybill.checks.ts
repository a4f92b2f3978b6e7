import { invalidValue, type FieldError } from '../../kernel/errors';
import type { EWayBill } from './ewaybill.schemas';

/*
 * The e-way bill system's own checks (docs/rules/einvoice-ewaybill.md, "What the e-way bill
 * system checks"), run before answering so that a business learns every reason it would be
 * rejected at once.
 */

type PlaceField = 'fromPincode' | 'fromStateCode' | 'actFromStateCode' | 'toPincode' | 'toStateCode' | 'actToStateCode';
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

/**
 * The draft as NIC takes it; 400 validation.invalid_value with every problem in errors[] when
 * the e-way bill system would reject it: a PIN, state or HSN code missing, or road transport
 * with neither a vehicle nor a transporter to enter one later.
 */
export function checkedEWayBill(draft: EWayBillDraft): EWayBill {
  const problems: FieldError[] = [];
  const present = (field: string, value: number | null, message: string): number => {
    if (value === null) problems.push({ field, code: 'validation.invalid_value', message });
    return value ?? 0;
  };
  const places = Object.fromEntries((Object.keys(MISSING) as PlaceField[]).map((f) => [f, present(f, draft[f], MISSING[f])])) as Record<PlaceField, number>;
  const itemList = draft.itemList.map((item, i) => ({ ...item, hsnCode: present(`itemList[${i}].hsnCode`, item.hsnCode, `${item.productName} has no HSN code: goods are reported by their HSN code`) }));
  if (draft.transMode === '1' && draft.vehicleNo === null && draft.transporterId === null) {
    problems.push({ field: 'vehicleNo', code: 'validation.invalid_value', message: 'road transport needs the vehicle number (vehicle_no), or the transporter (transporter_id) who will enter it' });
  }
  if (problems.length > 0) {
    throw invalidValue(problems[0]!.field, `The e-way bill system would reject this e-way bill: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`, { errors: problems });
  }
  return { ...draft, ...places, itemList };
}
