import type { ComponentChildren } from 'preact';
import { DateText } from '../../ui/date-text';
import type { Kind, Row } from './kind';
import { numberField, rowField, textField } from './row-fields';
import { readable } from './words';

/** Dates a document may carry beside its own, by the API's field names. */
const OTHER_DATES: [key: string, label: string][] = [
  ['due_date', 'Due'], ['expiry_date', 'Valid until'], ['shipment_date', 'Shipment'], ['expected_date', 'Expected'],
  ['approval_due_date', 'Approval due'],
];

/** Codes a document may carry, shown as words. */
const CODES: [key: string, label: string][] = [
  ['type', 'Type'], ['payment_type', 'Payment type'], ['mode', 'Mode'], ['reason', 'Reason'], ['document_type', 'Document type'],
  ['gst_treatment', 'GST treatment'],
];

/** Plain texts a document may carry, as given. */
const TEXTS: [key: string, label: string][] = [
  ['reference_number', 'Reference'], ['receipt_voucher_number', 'Receipt voucher'], ['place_of_supply', 'Place of supply'],
  ['sez_supplier_gstin', 'SEZ supplier GSTIN'],
];

function Fact({ label, children }: { label: string; children: ComponentChildren }) {
  return <div><dt>{label}</dt><dd>{children}</dd></div>;
}

/** The document's header: party, dates, status and what else its answer says about it. */
export function DocumentFacts({ kind, doc }: { kind: Kind; doc: Row }) {
  const party = kind.party?.(doc);
  const gstin = textField(rowField(doc, 'party') ?? {}, 'gstin');
  const currency = kind.currency?.(doc);
  const einvoice = rowField(doc, 'einvoice');
  const status = kind.status?.(doc);
  return (
    <dl class="document-facts">
      {party && <Fact label={kind.partyLabel ?? 'Party'}>{party}</Fact>}
      {gstin && <Fact label="GSTIN">{gstin}</Fact>}
      <Fact label="Date"><DateText value={kind.date(doc)} /></Fact>
      {OTHER_DATES.map(([key, label]) => textField(doc, key) && <Fact key={key} label={label}><DateText value={textField(doc, key)} /></Fact>)}
      {status && <Fact label={kind.statusLabel ?? 'Status'}>{readable(status)}</Fact>}
      {einvoice && <Fact label="E-invoice">{readable(textField(einvoice, 'status'))}{textField(einvoice, 'ack_no') && `, acknowledgement ${textField(einvoice, 'ack_no')}`}</Fact>}
      {CODES.map(([key, label]) => textField(doc, key) && <Fact key={key} label={label}>{readable(textField(doc, key))}</Fact>)}
      {TEXTS.map(([key, label]) => textField(doc, key) && <Fact key={key} label={label}>{textField(doc, key)}</Fact>)}
      {currency && currency !== 'INR' && <Fact label="Currency">{currency} at {numberField(doc, 'exchange_rate')} to the rupee</Fact>}
      {textField(doc, 'notes') && <Fact label="Notes">{textField(doc, 'notes')}</Fact>}
    </dl>
  );
}
