import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import { gstStateByCode } from '../../kernel/gst/states';
import type { Address } from '../contacts/contacts.rules';
import { partyCopyOf, type PartyCopy } from '../documents';
import { zeroRatingEndorsement } from '../documents/supply.rules';
import { amountInWords, formatIndianAmount, formatMoney, formatQuantity, formatRate } from './indian-numbers.rules';
import type { DocumentSource, Letterhead, PaymentSource, Source } from './pdfs.repository';

/**
 * The GST document view model: everything a template draws, already worded and formatted.
 * Built once from the stored document; the four invoice templates and every other document
 * kind draw from this one shape, so what a PDF says never depends on how it looks.
 */
export interface PartyView {
  /** "Supplier", "Recipient", "Received from", … */
  label: string;
  name: string;
  lines: string[];
  gstin: string | null;
}

export interface Column {
  header: string;
  /** Share of the table width. */
  weight: number;
  align: 'left' | 'right' | 'center';
}

export interface Row {
  cells: string[];
  /** A second, smaller line under the first cell (a line's description). */
  detail: string | null;
}

export interface Table {
  columns: Column[];
  rows: Row[];
}

export interface AmountLine {
  label: string;
  value: string;
  /** The grand total: drawn larger. */
  grand?: boolean;
}

export interface GstDocumentView {
  title: string;
  number: string;
  status: string;
  /** Rows of the "invoice details" block: number, date, due date, place of supply, reference. */
  facts: { label: string; value: string }[];
  from: PartyView;
  to: PartyView;
  items: Table;
  /** CGST/SGST/IGST per rate; null when the document carries no tax columns (payments). */
  taxSummary: Table | null;
  amounts: AmountLine[];
  totalInWords: string;
  notes: string | null;
  /** An e-invoice's IRN block: the QR code of the IRP's signed text, the IRN and its acknowledgement. */
  einvoice: { qrText: string; lines: string[] } | null;
  /** "Computer-generated … version 3": the footer. */
  footer: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2026-06-10 → "10 Jun 2026". */
export function displayDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** IN-KA → "Karnataka (29)". */
export function stateLabel(iso: string | null): string | null {
  if (!iso) return null;
  const code = stateCodeOfIso(iso);
  const state = code ? gstStateByCode(code) : undefined;
  return state ? `${state.name} (${state.code})` : iso;
}

const money = formatIndianAmount;

function addressLines(a: Address | null): string[] {
  if (!a) return [];
  const cityLine = [a.city, a.zip].filter(Boolean).join(' - ');
  return [a.address, cityLine, stateLabel(a.state_code), a.country].filter((l): l is string => !!l && l.trim().length > 0);
}

/** Us: the organisation, with the branch the document belongs to (its address, state and GSTIN). */
function ourParty(label: string, head: Letterhead): PartyView {
  const state = stateLabel(head.branch?.state_code ?? head.org.state_code);
  const address = (head.branch?.address ?? '').split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const branchName = head.branch && head.branch.name !== head.org.name && address.length === 0 ? head.branch.name : null;
  return {
    label,
    name: head.org.name,
    lines: [...(branchName ? [branchName] : []), ...address, ...(state ? [`State: ${state}`] : [])],
    gstin: head.branch?.gstin ?? head.org.gstin,
  };
}

/**
 * Them: the party as the document keeps it (`kept`, as issued); estimates, orders and payments
 * keep none and show the contact as it is. Email and phone, how to reach them now rather than
 * what was issued, are the contact's.
 */
function theirParty(label: string, fallbackName: string, head: Letterhead, kept: PartyCopy | null = null): PartyView {
  const c = head.contact;
  const party = kept ?? (c ? partyCopyOf(c) : null);
  const lines = addressLines(party?.billing_address ?? null);
  if (party && lines.length === 0 && party.state_code) lines.push(`State: ${stateLabel(party.state_code)}`);
  if (c?.email) lines.push(c.email);
  if (c?.phone) lines.push(c.phone);
  return { label, name: party?.legal_name ?? fallbackName, lines, gstin: party?.gstin ?? null };
}

const TITLES: Record<DocumentSource['kind'], string> = {
  invoice: 'Tax Invoice',
  bill: 'Bill',
  estimate: 'Estimate',
  purchase_order: 'Purchase Order',
  credit_note: 'Credit Note',
  debit_note: 'Debit Note',
};

/** Which side is which: the supplier issues, the recipient receives. */
function partiesOf(source: DocumentSource, head: Letterhead): { from: PartyView; to: PartyView } {
  const them = (label: string) => theirParty(label, source.contactName, head, source.party ?? null);
  if (source.kind === 'purchase_order') return { from: ourParty('Buyer', head), to: them('Vendor') };
  if (source.issuedBy === 'contact') return { from: them('Supplier'), to: ourParty('Recipient', head) };
  return { from: ourParty('Supplier', head), to: them('Recipient') };
}

/** Statuses a reader must not miss: named in the facts as well as stamped across the page. */
export const NOT_IN_FORCE = new Set(['DRAFT', 'CANCELLED', 'VOID']);

const ITEM_COLUMNS: Column[] = [
  { header: '#', weight: 4.5, align: 'center' },
  { header: 'Item', weight: 19.5, align: 'left' },
  { header: 'HSN/SAC', weight: 9, align: 'center' },
  { header: 'Qty', weight: 6, align: 'right' },
  { header: 'Unit', weight: 6, align: 'center' },
  { header: 'Rate', weight: 11, align: 'right' },
  { header: 'Discount', weight: 9, align: 'right' },
  { header: 'Taxable value', weight: 12, align: 'right' },
  { header: 'GST %', weight: 7, align: 'right' },
  { header: 'Amount', weight: 12, align: 'right' },
];

function itemsTable(source: DocumentSource): Table {
  return {
    columns: ITEM_COLUMNS,
    rows: source.lines.map((l, i) => ({
      cells: [
        String(i + 1), l.name, l.hsn_or_sac ?? '-', formatQuantity(l.quantity_milli), l.unit ?? '-', money(l.rate), money(l.discount),
        money(l.item_total), `${formatRate(l.tax_rate_centi)}%`, money(l.item_total + l.tax),
      ],
      detail: l.description,
    })),
  };
}

/** Σ per GST rate: taxable value, CGST, SGST and IGST; only the tax kinds the document uses get a column. */
function taxSummary(source: DocumentSource): Table {
  const byRate = new Map<number, { taxable: number; cgst: number; sgst: number; igst: number }>();
  for (const l of source.lines) {
    const row = byRate.get(l.tax_rate_centi) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    row.taxable += l.item_total;
    row.cgst += l.cgst;
    row.sgst += l.sgst;
    row.igst += l.igst;
    byRate.set(l.tax_rate_centi, row);
  }
  const intra = source.cgst + source.sgst > 0;
  const inter = source.igst > 0 || !intra;
  const columns: Column[] = [
    { header: 'GST rate', weight: 10, align: 'left' },
    { header: 'Taxable value', weight: 16, align: 'right' },
    ...(intra ? [{ header: 'CGST', weight: 16, align: 'right' as const }, { header: 'SGST', weight: 16, align: 'right' as const }] : []),
    ...(inter ? [{ header: 'IGST', weight: 16, align: 'right' as const }] : []),
    { header: 'Total tax', weight: 16, align: 'right' },
  ];
  const rates = [...byRate.entries()].sort(([a], [b]) => a - b);
  const half = (centi: number) => formatRate(centi / 2);
  const rows: Row[] = rates.map(([rate, t]) => ({
    cells: [
      `${formatRate(rate)}%`, money(t.taxable),
      ...(intra ? [`${money(t.cgst)} @${half(rate)}%`, `${money(t.sgst)} @${half(rate)}%`] : []),
      ...(inter ? [`${money(t.igst)} @${formatRate(rate)}%`] : []),
      money(t.cgst + t.sgst + t.igst),
    ],
    detail: null,
  }));
  rows.push({
    cells: ['Total', money(source.subTotal), ...(intra ? [money(source.cgst), money(source.sgst)] : []), ...(inter ? [money(source.igst)] : []), money(source.taxTotal)],
    detail: null,
  });
  return { columns, rows };
}

/** The totals block: every amount with its currency (₹ for rupees); the item tables carry bare figures. */
function documentAmounts(source: DocumentSource): AmountLine[] {
  const cash = (paise: number) => formatMoney(paise, source.currency);
  const lines: AmountLine[] = [{ label: 'Taxable value', value: cash(source.subTotal) }];
  if (source.cgst !== 0) lines.push({ label: 'CGST', value: cash(source.cgst) });
  if (source.sgst !== 0) lines.push({ label: 'SGST', value: cash(source.sgst) });
  if (source.igst !== 0) lines.push({ label: 'IGST', value: cash(source.igst) });
  if (source.cess !== 0) lines.push({ label: 'Compensation cess', value: cash(source.cess) });
  if (source.roundOff !== null) lines.push({ label: 'Round off', value: cash(source.roundOff) });
  lines.push({ label: 'Total', value: cash(source.total), grand: true });
  if (source.settled && source.kind !== 'credit_note' && source.kind !== 'debit_note') {
    if (source.settled.paid !== 0) lines.push({ label: 'Payments made', value: cash(-source.settled.paid) });
    if (source.settled.credited !== 0) lines.push({ label: 'Credits applied', value: cash(-source.settled.credited) });
    lines.push({ label: 'Balance due', value: cash(source.settled.balance) });
  } else if (source.settled) {
    lines.push({ label: 'Applied', value: cash(source.settled.credited) }, { label: 'Remaining credit', value: cash(source.settled.balance) });
  }
  return lines;
}

function documentView(source: DocumentSource, head: Letterhead): GstDocumentView {
  const facts = [
    { label: `${TITLES[source.kind]} no.`, value: source.number },
    { label: 'Date', value: displayDate(source.date) },
    ...(source.secondDate ? [{ label: source.secondDate.label, value: displayDate(source.secondDate.value) }] : []),
    { label: 'Place of supply', value: stateLabel(source.placeOfSupply) ?? source.placeOfSupply },
    ...(source.against ? [{ label: source.against.label, value: source.against.number }] : []),
    ...(source.reference ? [{ label: 'Reference', value: source.reference }] : []),
    ...(source.reverseCharge ? [{ label: 'Tax payable on reverse charge', value: 'Yes' }] : []),
    ...(NOT_IN_FORCE.has(source.status) ? [{ label: 'Status', value: source.status }] : []),
  ];
  return {
    title: TITLES[source.kind], number: source.number, status: source.status, facts, ...partiesOf(source, head),
    items: itemsTable(source), taxSummary: taxSummary(source), amounts: documentAmounts(source),
    totalInWords: amountInWords(source.total, source.currency),
    notes: [zeroRatingEndorsement(source.placeOfSupply, source.exportType ?? null), source.notes].filter((text) => text).join('\n\n') || null,
    einvoice: source.einvoice ? {
      qrText: source.einvoice.signedQrCode,
      lines: [
        `IRN: ${source.einvoice.irn}`,
        `Ack No.: ${source.einvoice.ackNo}`,
        `Ack Date: ${displayDate(source.einvoice.ackDate)}`,
        ...(source.einvoice.status === 'CANCELLED' ? ['IRN cancelled'] : []),
      ],
    } : null,
    footer: `This is a computer-generated document. Version ${source.version}.`,
  };
}

function paymentView(source: PaymentSource, head: Letterhead): GstDocumentView {
  const incoming = source.flow === 'INCOMING';
  const us = ourParty(incoming ? 'Received by' : 'Paid by', head);
  const them = theirParty(incoming ? 'Received from' : 'Paid to', source.contactName, head);
  const applied = source.allocations.reduce((s, a) => s + a.applied, 0);
  const cash = (paise: number) => formatMoney(paise, source.currency);
  const amounts: AmountLine[] = [{ label: 'Amount', value: cash(source.amount), grand: true }];
  if (source.bankCharges !== 0) amounts.push({ label: 'Bank charges', value: cash(source.bankCharges) });
  if (source.tdsAmount !== 0) amounts.push({ label: 'TDS deducted', value: cash(source.tdsAmount) });
  amounts.push({ label: 'Applied to documents', value: cash(applied) }, { label: 'Unapplied', value: cash(source.amount - applied) });
  return {
    title: incoming ? 'Payment Receipt' : 'Payment Voucher',
    number: source.id,
    status: 'RECORDED',
    facts: [
      { label: 'Voucher no.', value: source.id },
      { label: 'Date', value: displayDate(source.date) },
      { label: 'Mode', value: source.mode },
      ...(source.reference ? [{ label: 'Reference', value: source.reference }] : []),
    ],
    from: incoming ? them : us,
    to: incoming ? us : them,
    items: {
      columns: [
        { header: '#', weight: 4, align: 'center' },
        { header: incoming ? 'Invoice' : 'Bill', weight: 30, align: 'left' },
        { header: 'Date', weight: 20, align: 'left' },
        { header: 'Document total', weight: 22, align: 'right' },
        { header: 'Amount applied', weight: 24, align: 'right' },
      ],
      rows: source.allocations.map((a, i) => ({ cells: [String(i + 1), a.number, a.date ? displayDate(a.date) : '-', money(a.total), money(a.applied)], detail: null })),
    },
    taxSummary: null,
    amounts,
    totalInWords: amountInWords(source.amount, source.currency),
    notes: source.description,
    einvoice: null,
    footer: `This is a computer-generated voucher. Version ${source.version}.`,
  };
}

/** The view of any stored document, with the organisation's letterhead and the contact's details. */
export function buildView(source: Source, head: Letterhead): GstDocumentView {
  return source.kind === 'payment' ? paymentView(source, head) : documentView(source, head);
}
