import { invalidState, invalidValue } from '../../kernel/errors';
import { EXPORT_PLACE_OF_SUPPLY } from '../../kernel/gst/states';

/** A shipping bill (or bill of export) as the API takes and shows it. */
export interface ShippingBill { port_code: string; number: string; date: string }

/** The invoice's columns that hold it (migration 046), and when it was last set. */
export interface ShippingBillColumns {
  shipping_bill_port: string | null;
  shipping_bill_number: string | null;
  shipping_bill_date: string | null;
  shipping_bill_time: string | null;
}

export const NO_SHIPPING_BILL: ShippingBillColumns = { shipping_bill_port: null, shipping_bill_number: null, shipping_bill_date: null, shipping_bill_time: null };

/** The request fields a refusal names: the bill's (or the invoice's, when the path names it) and its date's. */
export interface ShippingBillFields { bill: string; date: string }
/** An invoice's create: the bill is its `shipping_bill`. */
const IN_CREATE: ShippingBillFields = { bill: 'shipping_bill', date: 'shipping_bill.date' };
/** The shipping bill's own endpoint: the body is the bill, the path names the invoice. */
export const ON_ITS_OWN: ShippingBillFields = { bill: 'invoice_id', date: 'date' };

/**
 * The columns of an invoice's shipping bill, set at `now`. Only an export
 * (place of supply 96) leaves India under a shipping bill (Customs Act s.50; GSTR-1 `exp`:
 * sbpcode, sbnum, sbdt), else 400; the goods are shipped after they are
 * invoiced, so a bill dated before the invoice is 400 on its date
 * (docs/rules/returns-gstr1-gstr3b.md, "Shipping bills").
 */
export function shippingBillColumns(
  bill: ShippingBill, invoice: { placeOfSupply: string; date: string }, now: string, fields: ShippingBillFields = IN_CREATE,
): ShippingBillColumns {
  if (invoice.placeOfSupply !== EXPORT_PLACE_OF_SUPPLY) {
    throw invalidValue(fields.bill, 'a shipping bill belongs to an export invoice (place_of_supply 96)', { details: { place_of_supply: invoice.placeOfSupply } });
  }
  if (bill.date < invoice.date) {
    throw invalidValue(fields.date, `the shipping bill is dated ${bill.date}, before the invoice (${invoice.date})`, { details: { invoice_date: invoice.date } });
  }
  return { shipping_bill_port: bill.port_code, shipping_bill_number: bill.number, shipping_bill_date: bill.date, shipping_bill_time: now };
}

/** A voided invoice reports nothing any more: its shipping bill is no longer set (409). */
export function assertShippingBillSettable(status: string): void {
  if (status === 'CANCELLED') throw invalidState('a voided invoice takes no shipping bill', { status });
}

/** The invoice's shipping bill as the API shows it; null when none was given. */
export function presentShippingBill(i: ShippingBillColumns): ShippingBill | null {
  return i.shipping_bill_port !== null && i.shipping_bill_number !== null && i.shipping_bill_date !== null
    ? { port_code: i.shipping_bill_port, number: i.shipping_bill_number, date: i.shipping_bill_date } : null;
}
