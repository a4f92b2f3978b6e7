import type { Db } from '../../db/database';
import { invalidState, invalidValue, notFound } from '../../kernel/errors';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import type { RequestContext } from '../../platform/context';
import { readPreferences } from '../../platform/orgs/preferences';
import { documentLines, documentParties, type Counterparty } from './document-source';
import { buildEInvoice, supplyTypeOf, type EInvoiceSource, type SourceLine } from './einvoice.builder';
import { einvoiceProblems } from './einvoice.rules';

type Head = Omit<EInvoiceSource, 'seller' | 'buyer' | 'lines' | 'precedingInvoice'> & { orgId: string; branchId: string; buyer: Counterparty; status: string };

/**
 * The IRP e-invoice of an approved invoice or customer credit note (docs/rules/einvoice-ewaybill.md, "E-invoice"; CGST Rule 48(4)): built from
 * the document, its branch and its customer, then held to the IRP's rules. A document without
 * one (a draft, a void, a B2C supply, a vendor's credit) is 409 conflict.invalid_state; one the
 * IRP would reject is 400 validation.invalid_value with every problem in errors[].
 */
export function einvoiceService(db: Db) {
  async function build(head: Head, sourceLines: SourceLine[], precedingInvoice: EInvoiceSource['precedingInvoice']) {
    const supplyType = supplyTypeOf(head.gstTreatment, head.exportType, head.pos);
    if (supplyType === null) {
      throw invalidState('Only a supply to a registered buyer, an SEZ, a deemed export or an export (place of supply 96) has an e-invoice; this one is B2C', { gst_treatment: head.gstTreatment });
    }
    const parties = await documentParties(db, head.orgId, head.branchId, head.buyer);
    const source: EInvoiceSource = {
      ...head,
      seller: parties.branch,
      buyer: parties.contact,
      lines: sourceLines,
      precedingInvoice,
    };
    const payload = buildEInvoice(source, supplyType);
    const problems = einvoiceProblems(payload, readPreferences(parties.orgPreferences).hsnDigits ?? 4);
    if (problems.length > 0) {
      throw invalidValue(problems[0]!.field, `The IRP would reject this e-invoice: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`, { errors: problems });
    }
    return { einvoice: payload };
  }

  const headOf = (r: { org_id: string; branch_id: string; gst_treatment: string | null; export_type: string | null; place_of_supply: string; currency_code: string; exchange_rate_micro: number; total: number; status: string }) => ({
    orgId: r.org_id, branchId: r.branch_id, gstTreatment: r.gst_treatment, exportType: r.export_type,
    pos: stateCodeOfIso(r.place_of_supply) ?? '', currency: r.currency_code, rateMicro: r.exchange_rate_micro, total: r.total, status: r.status,
  });

  return {
    async invoice(ctx: RequestContext, invoiceId: string) {
      const inv = await db.selectFrom('invoices').selectAll().where('org_id', '=', ctx.orgId).where('invoice_id', '=', invoiceId).executeTakeFirst();
      if (!inv) throw notFound('invoice', 'invoice_id');
      if (inv.status === 'DRAFT' || inv.status === 'CANCELLED') throw invalidState(`A ${inv.status} invoice has no e-invoice: only an approved one that is not void`, { status: inv.status });
      const head = {
        ...headOf(inv), typ: 'INV' as const, number: inv.invoice_number, date: inv.invoice_date, roundOff: inv.round_off,
        buyer: { name: inv.customer_name, party: inv.party }, reverseCharge: inv.is_reverse_charge === 1,
      };
      return build(head, await documentLines(db, 'invoice_lines', 'invoice_id', ctx.orgId, invoiceId), null);
    },

    async creditNote(ctx: RequestContext, creditNoteId: string) {
      const note = await db.selectFrom('credit_notes').selectAll().where('org_id', '=', ctx.orgId).where('credit_note_id', '=', creditNoteId).executeTakeFirst();
      if (!note) throw notFound('credit note', 'credit_note_id');
      if (note.note_type !== 'CUSTOMER') throw invalidState('A vendor credit is received, not issued: it has no e-invoice', { note_type: note.note_type });
      if (note.status === 'DRAFT' || note.status === 'CANCELLED') throw invalidState(`A ${note.status} credit note has no e-invoice`, { status: note.status });
      const invoice = note.invoice_id === null ? undefined : await db.selectFrom('invoices').select(['invoice_number', 'invoice_date', 'is_reverse_charge'])
        .where('org_id', '=', ctx.orgId).where('invoice_id', '=', note.invoice_id).executeTakeFirst();
      // A note's total has no round-off of its own: its lines' values sum to it.
      const head = {
        ...headOf(note), typ: 'CRN' as const, number: note.credit_note_number, date: note.note_date, roundOff: 0,
        buyer: { name: note.contact_name, party: note.party }, reverseCharge: invoice?.is_reverse_charge === 1,
      };
      return build(head, await documentLines(db, 'credit_note_lines', 'credit_note_id', ctx.orgId, creditNoteId),
        invoice ? { number: invoice.invoice_number, date: invoice.invoice_date } : null);
    },
  };
}
export type EInvoiceService = ReturnType<typeof einvoiceService>;
