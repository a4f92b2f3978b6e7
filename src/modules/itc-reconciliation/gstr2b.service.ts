import type { Tx } from '../../db/database';
import type { Gstr2bDocumentsTable } from '../../db/itc-schema';
import { notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { branchesOfGstin } from '../../platform/orgs/gstin-branches';
import { readGstr2bFile, type Gstr2bFile } from './gstr2b-file.parser';
import { placePart } from './gstr2b-parts.rules';
import { presentMonth, presentUpload } from './gstr2b.presenter';
import type { Gstr2bMonth, Gstr2bMonthQuery, Gstr2bUpload, Gstr2bUploadQuery } from './gstr2b.schemas';
import { holdMonth, insertDocuments, insertUpload, markReplaced, recordParts, sectionTotals, uploadsOfMonth } from './gstr2b.store';

const partsOf = (text: string) => (text === '' ? [] : text.split(',').map(Number));

/** Uploading a month's GSTR-2B from the portal and reading it back (docs/rules/itc-reconciliation.md, "GSTR-2B in"). */
export function gstr2bService(deps: Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity'>) {
  /** Stores one file: a part of the month's current upload, or a new upload that replaces it. */
  async function store(tx: Tx, ctx: RequestContext, file: Gstr2bFile, asked: number | undefined) {
    const { header } = file;
    const { gstin } = await branchesOfGstin(tx, ctx.orgId, header.gstin);
    await holdMonth(tx, ctx.orgId, gstin, header.period);
    const current = (await uploadsOfMonth(tx, ctx.orgId, gstin, header.period)).find((u) => u.replaced_by === null) ?? null;
    const placement = placePart(current && { generatedOn: current.generated_on, fileCount: current.file_count, receivedParts: partsOf(current.received_parts) }, header, asked);
    let gstr2bId: string;
    if (placement.join) {
      gstr2bId = current!.gstr2b_id;
      await recordParts(tx, ctx.orgId, gstr2bId, placement.parts, current!.itc_summary ?? header.itcSummary);
    } else {
      gstr2bId = deps.ids.next('g2b');
      await insertUpload(tx, {
        org_id: ctx.orgId, gstr2b_id: gstr2bId, gstin, period: header.period, generated_on: header.generatedOn, version: header.version,
        file_count: header.fileCount, parts_received: 1, received_parts: String(placement.part), replaced_by: null,
        itc_summary: header.itcSummary, created_time: deps.clock.now().toISOString(),
      });
      if (current) await markReplaced(tx, ctx.orgId, current.gstr2b_id, gstr2bId);
    }
    await insertDocuments(tx, file.rows.map((r): Gstr2bDocumentsTable => ({
      org_id: ctx.orgId, gstr2b_document_id: deps.ids.next('g2bd'), gstr2b_id: gstr2bId, gstin, period: header.period, part: placement.part,
      section: r.section, rejected: r.rejected ? 1 : 0, supplier_gstin: r.supplierGstin, supplier_name: r.supplierName,
      supplier_period: r.supplierPeriod, supplier_filed_on: r.supplierFiledOn, document_type: r.documentType, document_number: r.documentNumber,
      number_key: r.numberKey, document_date: r.documentDate, financial_year: r.financialYear, original_number: r.originalNumber,
      original_date: r.originalDate, place_of_supply: r.placeOfSupply, reverse_charge: r.reverseCharge ? 1 : 0, itc_available: r.itcAvailable,
      itc_unavailable_reason: r.itcUnavailableReason, port_code: r.portCode, document_value: r.documentValue, taxable_value: r.taxableValue,
      igst: r.igst, cgst: r.cgst, sgst: r.sgst, cess: r.cess, ims_status: r.imsStatus, irn: r.irn,
    })));
    await deps.activity.record(tx, ctx, {
      entityType: 'ORGANISATION', entityId: ctx.orgId, action: 'GSTR2B_UPLOADED',
      metadata: { gstin, period: header.period, gstr2b_id: gstr2bId, part: placement.part, documents: file.rows.length, replaced: placement.join ? null : current?.gstr2b_id ?? null },
    });
    return gstr2bId;
  }

  return {
    /** The file is read whole (streamed, and refused at its first problem) before anything is written. */
    async upload(ctx: RequestContext, query: Gstr2bUploadQuery, body: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<{ gstr2b: Gstr2bUpload }> {
      const file = await readGstr2bFile(body);
      return deps.uow(ctx, async (tx) => {
        const id = await store(tx, ctx, file, query.part);
        const row = (await uploadsOfMonth(tx, ctx.orgId, file.header.gstin, file.header.period)).find((u) => u.gstr2b_id === id)!;
        return { gstr2b: presentUpload(row, await sectionTotals(tx, ctx.orgId, [id])) };
      });
    },

    /** The month's current upload and, newest first, the ones it replaced; 404 when none. */
    async month(ctx: RequestContext, query: Gstr2bMonthQuery): Promise<{ gstr2b: Gstr2bMonth; history: Gstr2bUpload[] }> {
      const db = deps.database.db;
      const { gstin } = await branchesOfGstin(db, ctx.orgId, query.gstin);
      const uploads = await uploadsOfMonth(db, ctx.orgId, gstin, query.period);
      const current = uploads.find((u) => u.replaced_by === null);
      const history = uploads.filter((u) => u !== current);
      if (!current) throw notFound(`GSTR-2B of ${gstin} for ${query.period}`, 'period');
      const totals = await sectionTotals(db, ctx.orgId, [current.gstr2b_id, ...history.map((h) => h.gstr2b_id)]);
      return { gstr2b: presentMonth(current, totals), history: history.map((h) => presentUpload(h, totals)) };
    },
  };
}

export type Gstr2bService = ReturnType<typeof gstr2bService>;
