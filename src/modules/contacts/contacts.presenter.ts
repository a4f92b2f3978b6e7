import { fromJson } from '../../db/json';
import { toRupees } from '../../kernel/money';
import { isoTimestamp } from '../../kernel/local-date';
import type { ContactPersonRow, ContactRow } from './contacts.repository';
import type { Address } from './contacts.rules';

/**
 * A contact as the API shows it (spec: Contact). `filings`: the latest GSTR-1 each supplier GSTIN
 * filed, as the current GSTR-2Bs show it (docs/rules/itc-reconciliation.md, "GSTR-2B in").
 */
export function presentContact(row: ContactRow, persons: readonly ContactPersonRow[], filings: ReadonlyMap<string, { period: string; filed_on: string }>) {
  return {
    contact_id: row.contact_id,
    contact_type: row.contact_type,
    contact_name: row.contact_name,
    display_name: row.display_name,
    legal_name: row.legal_name,
    company_name: row.company_name,
    gst_no: row.gst_no,
    pan: row.pan,
    gst_treatment: row.gst_treatment,
    place_of_contact: row.place_of_contact,
    email: row.email,
    phone: row.phone,
    website: row.website,
    billing_address: fromJson<Address>(row.billing_address),
    shipping_address: fromJson<Address>(row.shipping_address),
    contact_persons: persons.map((p) => ({
      contact_person_id: p.contact_person_id,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      phone: p.phone,
      is_primary: p.is_primary === 1,
    })),
    payment_terms: row.payment_terms,
    opening_balance: toRupees(row.opening_balance),
    credit_limit: row.credit_limit === null ? null : toRupees(row.credit_limit),
    currency_code: row.currency_code,
    upi_vpa: row.upi_vpa,
    last_gstr1_filing: (row.gst_no && filings.get(row.gst_no)) || null,
    status: row.status,
    created_time: isoTimestamp(new Date(row.created_time)),
    last_modified_time: isoTimestamp(new Date(row.last_modified_time)),
  };
}
