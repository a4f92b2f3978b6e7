/** Organisation preferences (docs/rules/organisations.md, "Preferences"), with their defaults. Stored as JSON on the org row. */
export interface Preferences {
  roundInvoiceTotals: boolean;
  roundingMethod: 'nearest' | 'up' | 'down';
  /** Rupees, two decimals. */
  paymentRoundOffTolerance: number;
  strictPaymentDedupe: boolean;
  requireIdempotencyKey: boolean;
  invoicePdfTemplate: 'classic' | 'modern' | 'boxed' | 'tally';
  /** The organisation's UPI VPA (`name@psp`): payee of the payment links of auto_charge invoices; null: none. */
  upiVpa: string | null;
  /**
   * Fewest HSN/SAC digits on invoice and credit note lines (Notification 78/2020-CT): 4 (turnover
   * up to ₹5 crore: B2B lines only), 6 (above it: every line) or 8 (every line).
   */
  hsnDigits: 4 | 6 | 8;
  /**
   * Rupees: the consignment value above which goods moving within a state need an e-way bill
   * (CGST Rule 138(14)(d): each state notifies its own; ₹50,000 unless it does).
   */
  ewayBillIntraStateThreshold: number;
  /** Rupees: how far a supplier document's taxable value and each tax head in GSTR-2B may differ from the books and still match. */
  itcMatchTolerance: number;
  /**
   * Whether the organisation e-invoices (CGST Rule 48(4)): its invoices and notes that need an
   * e-invoice have their parties checked as the IRP checks them when they are issued.
   */
  einvoicing: boolean;
  /**
   * Days within which the IRP takes a document (30 for a turnover of ₹10 crore or more, GSTN
   * advisory of 5 November 2024); null: no limit.
   */
  einvoiceReportingWindowDays: number | null;
  /** The payee of the e-invoice's PayDtls: its name, bank account and IFSC; PayDtls is sent once all three are set. */
  payeeName: string | null;
  payeeAccount: string | null;
  payeeIfsc: string | null;
  /** Days either side of a bank line's date within which a book entry is a candidate for it (docs/rules/banking.md, "Suggestions"). */
  bankMatchWindowDays: number;
  /** Whether a statement's import matches each line that has exactly one exact candidate. */
  bankAutoMatchOnImport: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  roundInvoiceTotals: false,
  roundingMethod: 'nearest',
  paymentRoundOffTolerance: 1,
  strictPaymentDedupe: true,
  requireIdempotencyKey: true,
  invoicePdfTemplate: 'classic',
  upiVpa: null,
  hsnDigits: 4,
  ewayBillIntraStateThreshold: 50_000,
  itcMatchTolerance: 1,
  einvoicing: false,
  einvoiceReportingWindowDays: 30,
  payeeName: null,
  payeeAccount: null,
  payeeIfsc: null,
  bankMatchWindowDays: 7,
  bankAutoMatchOnImport: false,
};

export function readPreferences(json: string): Preferences {
  return { ...DEFAULT_PREFERENCES, ...(JSON.parse(json) as Partial<Preferences>) };
}
