import type { Db, Tx } from '../../db/database';
import { invalidState, invalidValue } from '../../kernel/errors';
import { gstinProblem, validateGstin, type GstinKind } from '../../kernel/gst/gstin';
import { istDateOf } from '../../kernel/local-date';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { cursorPage, readCursor } from '../../platform/pagination';
import { returnPeriod } from '../gst-reports/gstr1-period.rules';
import { creditReductionOf } from './ims-action.rules';
import { presentImsAction } from './ims-actions.presenter';
import type { ImsActionSchema, ListImsActionsQuery, RecordImsActionBody } from './ims-actions.schemas';
import { imsActionsStore as store, type ImsActionFilter, type ImsActionRow } from './ims-actions.store';
import { imsDocumentKey } from './ims-status.rules';

/** The organisation's registration a GSTIN names, normalised; 404 on `gstin` when it is not one of the organisation's. */
export type RegistrationOf = (db: Db | Tx, orgId: string, gstin: string) => Promise<{ gstin: string }>;

/** Who reports documents to IMS: a regular taxpayer (GSTR-1, IFF) or a non-resident taxable person (GSTR-5). */
const SUPPLIER_KINDS: ReadonlySet<GstinKind> = new Set(['REGULAR', 'NON_RESIDENT']);

function supplierGstinOf(text: string): string {
  const checked = validateGstin(text, SUPPLIER_KINDS);
  if (!checked.ok) throw invalidValue('supplier_gstin', gstinProblem('supplier_gstin', checked.reason));
  return checked.gstin;
}

/** What an action says, beside the document it is on: a change of any of these is a change of action. */
const ACTED_FIELDS = ['document_number', 'document_date', 'action', 'reason', 'credit_reduction', 'reduced_igst', 'reduced_cgst', 'reduced_sgst', 'reduced_cess', 'remark'] as const;

/** Recording the recipient's actions in the Invoice Management System (docs/rules/itc-reconciliation.md, "IMS actions"). */
export function imsActionsService(deps: Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'cursors'>, registrationOf: RegistrationOf) {
  const db = deps.database.db;

  /** The GSTIN (404 when not the organisation's), the month's days and the action a list is filtered by. */
  async function filterOf(orgId: string, query: ListImsActionsQuery): Promise<ImsActionFilter> {
    const { gstin } = await registrationOf(db, orgId, query.gstin);
    const month = query.period === undefined ? null : returnPeriod(query.period);
    return { gstin, from: month?.from, to: month?.to, action: query.action };
  }

  return {
    /**
     * Records the action on a document, or changes it (one row per document key, however its
     * number is spelt), with an IMS_ACTION activity row holding the action before and after.
     * The same action again changes nothing.
     */
    record: (ctx: RequestContext, body: RecordImsActionBody): Promise<{ ims_action: ImsActionSchema }> => deps.uow(ctx, async (tx) => {
      const { gstin } = await registrationOf(tx, ctx.orgId, body.gstin);
      const supplierGstin = supplierGstinOf(body.supplier_gstin);
      const key = imsDocumentKey(supplierGstin, body.document_type, body.document_number, body.document_date);
      if (key.numberKey === '') throw invalidValue('document_number', 'document_number has no letter or digit');
      const reduction = creditReductionOf(body.action, body.document_type, body.credit_reduction);
      const acted = {
        document_number: body.document_number.trim(), document_date: body.document_date, action: body.action, reason: body.reason?.trim() || null,
        credit_reduction: reduction?.kind ?? null, reduced_igst: reduction?.igst ?? null, reduced_cgst: reduction?.cgst ?? null,
        reduced_sgst: reduction?.sgst ?? null, reduced_cess: reduction?.cess ?? null, remark: reduction?.remark ?? null,
      };
      const before = await store.find(tx, ctx.orgId, gstin, key);
      const changed = ACTED_FIELDS.filter((f) => (before?.[f] ?? null) !== acted[f]);
      if (before && changed.length === 0) return { ims_action: presentImsAction(before) };

      const instant = deps.clock.now();
      const now = instant.toISOString();
      const row: ImsActionRow = {
        org_id: ctx.orgId, ims_action_id: before?.ims_action_id ?? deps.ids.next('ims'), gstin, supplier_gstin: supplierGstin,
        document_type: key.documentType, financial_year: key.financialYear, number_key: key.numberKey, ...acted,
        acted_on: istDateOf(instant), version: (before?.version ?? 0) + 1, created_time: before?.created_time ?? now, last_modified_time: now,
      };
      const written = before ? await store.update(tx, row) : await store.insert(tx, row);
      if (!written) throw invalidState('another request acted on this document meanwhile; read it and send the action again');
      // The action before and after always, so the timeline reads as a change of mind; the other fields when they changed.
      const changes = Object.fromEntries([...new Set(['action' as const, ...changed])].map((f) => [f, { old: before?.[f] ?? null, new: row[f] }]));
      await deps.activity.record(tx, ctx, {
        entityType: 'IMS_ACTION', entityId: row.ims_action_id, entityRef: row.document_number, verb: before ? 'CHANGED' : 'RECORDED', changes,
        metadata: { gstin, supplier_gstin: supplierGstin, document_type: row.document_type, financial_year: row.financial_year },
      });
      return { ims_action: presentImsAction(row) };
    }),

    /** One GSTIN's actions in document date order, a page at a time. */
    async list(ctx: RequestContext, query: ListImsActionsQuery) {
      const filter = await filterOf(ctx.orgId, query);
      const { perPage, after } = readCursor(deps.cursors, 'ims_actions', query);
      const page = cursorPage(deps.cursors, 'ims_actions', await store.list(db, ctx.orgId, filter, after, perPage), perPage, (r) => [r.document_date, r.ims_action_id]);
      return { ims_actions: page.items.map(presentImsAction), page_context: page.page_context };
    },

    /** Every action of the filter, as the CSV lists them. */
    async all(ctx: RequestContext, query: ListImsActionsQuery): Promise<ImsActionRow[]> {
      return store.list(db, ctx.orgId, await filterOf(ctx.orgId, query), null, null);
    },
  };
}

export type ImsActionsService = ReturnType<typeof imsActionsService>;
