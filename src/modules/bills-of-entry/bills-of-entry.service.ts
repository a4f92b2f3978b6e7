import type { Tx } from '../../db/database';
import { searchPatternOf } from '../../db/text-search';
import { DomainError, invalidValue, notFound } from '../../kernel/errors';
import { gstinProblem, REGISTRATION_KINDS, validateGstin } from '../../kernel/gst/gstin';
import { businessDateOf } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertDocumentDate } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import { assertAccountKind, catalogRepository } from '../catalog';
import { importOfGoods } from '../documents/purchase-tax.rules';
import type { LedgerService } from '../ledger';
import type { SeriesService } from '../series';
import { billOfEntryLines } from './bills-of-entry.posting';
import { presentBillOfEntry } from './bills-of-entry.presenter';
import { billsOfEntryRepository as repo, type BillOfEntryRow } from './bills-of-entry.repository';
import { CUSTOMS_PAID_THROUGH_TYPES, customsAmounts } from './bills-of-entry.rules';
import type { CreateBillOfEntryBody, ListBillsOfEntryQuery } from './bills-of-entry.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors'> & {
  ledger: Pick<LedgerService, 'postUnlessZero'>;
  series: Pick<SeriesService, 'branchOf'>;
};

const paise = (rupees: number | undefined | null) => (rupees === undefined || rupees === null ? 0 : toPaise(rupees));

/** The SEZ unit's GSTIN, a regular registration's, normalised; 400 on the field otherwise. */
function sezSupplierGstin(input: string | null | undefined): string | null {
  if (input === undefined || input === null) return null;
  const checked = validateGstin(input, REGISTRATION_KINDS);
  if (!checked.ok) throw invalidValue('sez_supplier_gstin', gstinProblem('sez_supplier_gstin', checked.reason));
  return checked.gstin;
}

/** Bill of Entry use cases (docs/rules/returns-gstr1-gstr3b.md, "Imports of goods: the Bill of Entry"). */
export function billsOfEntryService(deps: Deps) {
  const db = deps.database.db;

  /** The account customs was paid through: money out, or a payable to whoever paid it (404 when none of this organisation, 400 of another type). */
  async function assertPaidThrough(tx: Tx, orgId: string, accountId: string) {
    const account = await catalogRepository.account(tx, orgId, accountId);
    if (!account) throw notFound('account', 'paid_through_account_id');
    if (!CUSTOMS_PAID_THROUGH_TYPES.includes(account.account_type)) {
      throw invalidValue('paid_through_account_id', `customs is paid through a ${CUSTOMS_PAID_THROUGH_TYPES.join(', ')} account, not ${account.account_type}`);
    }
  }

  /**
   * The bills covered: each this organisation's (else 404 on its place in bill_ids), named once,
   * from an OVERSEAS vendor, not void, and received by the importing branch (else 400 there).
   */
  async function assertCoveredBills(tx: Tx, orgId: string, billIds: readonly string[], branchId: string) {
    const found = new Map((await repo.bills(tx, orgId, billIds)).map((b) => [b.bill_id, b]));
    for (const [i, billId] of billIds.entries()) {
      const field = `bill_ids[${i}]`;
      const bill = found.get(billId);
      if (!bill) throw notFound('bill', field);
      if (billIds.indexOf(billId) !== i) throw invalidValue(field, 'names a bill already named in bill_ids');
      if (bill.gst_treatment !== 'OVERSEAS') throw invalidValue(field, 'a Bill of Entry covers bills of OVERSEAS vendors: goods bought in India are no import');
      if (bill.status === 'CANCELLED') throw invalidValue(field, 'the bill is void');
      if (bill.branch_id !== branchId) throw invalidValue(field, "the bill was received by another branch than the Bill of Entry's branch_id", { details: { bill_branch_id: bill.branch_id } });
    }
  }

  /** Where the duties go: the account named (a purchase account), else the first covered bill's first goods line's, else Purchases. */
  async function goodsAccountOf(tx: Tx, orgId: string, named: string | undefined, billIds: readonly string[]): Promise<string> {
    if (named !== undefined) {
      const account = await catalogRepository.account(tx, orgId, named);
      if (!account) throw notFound('account', 'goods_account_id');
      assertAccountKind(account.account_type, 'purchase', 'goods_account_id');
      return named;
    }
    const goodsLine = billIds.length === 0 ? undefined : (await repo.billLines(tx, orgId, billIds[0]!)).find((l) => importOfGoods('OVERSEAS', l.hsn_or_sac));
    return goodsLine?.account_id ?? catalogRepository.systemAccountId(tx, orgId, 'purchases');
  }

  return {
    /**
     * Records a Bill of Entry in one transaction: its row, the bills it covers, its journal (Dr
     * IGST input, Dr the goods with the duties, Cr the account that paid customs), the activity
     * row and BILL_OF_ENTRY_CREATED. The same customs number, port and date again is 409.
     */
    create: (ctx: RequestContext, input: CreateBillOfEntryBody) => deps.uow(ctx, async (tx) => {
      const date = businessDateOf(input.date);
      await assertDocumentDate(tx, ctx.orgId, date, 'date');
      const amounts = customsAmounts({
        assessableValue: toPaise(input.assessable_value), basicCustomsDuty: paise(input.basic_customs_duty), socialWelfareSurcharge: paise(input.social_welfare_surcharge),
        igstTaxableValue: input.igst_taxable_value === undefined ? null : toPaise(input.igst_taxable_value), igst: toPaise(input.igst),
      });
      const sezGstin = sezSupplierGstin(input.sez_supplier_gstin);
      await assertPaidThrough(tx, ctx.orgId, input.paid_through_account_id);
      const branch = await deps.series.branchOf(tx, ctx.orgId, input.branch_id);
      const billIds = input.bill_ids ?? [];
      await assertCoveredBills(tx, ctx.orgId, billIds, branch.branch_id);
      const created = deps.clock.now().toISOString();
      const row: BillOfEntryRow = {
        org_id: ctx.orgId, bill_of_entry_id: deps.ids.next('boe'), branch_id: branch.branch_id, boe_number: input.number, boe_date: date,
        port_code: input.port_code.toUpperCase(), assessable_value: amounts.assessableValue, basic_customs_duty: amounts.basicCustomsDuty,
        social_welfare_surcharge: amounts.socialWelfareSurcharge, igst_taxable_value: amounts.igstTaxableValue, igst: amounts.igst, total: amounts.total,
        paid_through_account_id: input.paid_through_account_id, goods_account_id: await goodsAccountOf(tx, ctx.orgId, input.goods_account_id, billIds),
        sez_supplier_gstin: sezGstin, created_time: created, last_modified_time: created,
      };
      const twin = await repo.twin(tx, row);
      if (twin || !(await repo.insert(tx, row, billIds))) {
        throw new DomainError('validation.duplicate_resource', `Bill of Entry ${row.boe_number} of ${row.boe_date} at ${row.port_code} is already recorded`, {
          field: 'number', details: { existing_bill_of_entry_id: twin?.bill_of_entry_id ?? null },
        });
      }
      const journal = await deps.ledger.postUnlessZero(tx, ctx, {
        date, source: 'BILL_OF_ENTRY', sourceId: row.bill_of_entry_id, sourceVersion: 1, sourceRef: row.boe_number,
        memo: `Bill of Entry ${row.boe_number} at ${row.port_code}`, branchId: row.branch_id,
        lines: billOfEntryLines({ goodsAccountId: row.goods_account_id, paidThroughAccountId: row.paid_through_account_id, duties: amounts.duties, igst: amounts.igst },
          { igstInput: await catalogRepository.systemAccountId(tx, ctx.orgId, 'igst_input') }),
      }, { newSource: true });
      await deps.activity.record(tx, ctx, {
        entityType: 'BILL_OF_ENTRY', entityId: row.bill_of_entry_id, entityRef: row.boe_number, verb: 'CREATED', metadata: { journal_id: journal?.journal_id ?? null },
      });
      await deps.events.emit(tx, ctx, 'BILL_OF_ENTRY_CREATED', { id: row.bill_of_entry_id, number: row.boe_number, port_code: row.port_code, total: toRupees(row.total), status: 'RECORDED' });
      return { bill_of_entry: presentBillOfEntry(row, billIds) };
    }),

    async get(ctx: RequestContext, id: string) {
      const row = await repo.find(db, ctx.orgId, id);
      if (!row) throw notFound('bill of entry', 'bill_of_entry_id');
      return { bill_of_entry: presentBillOfEntry(row, (await repo.billIds(db, ctx.orgId, [id])).get(id)!) };
    },

    async list(ctx: RequestContext, query: ListBillsOfEntryQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'bills_of_entry', query);
      const page = cursorPage(deps.cursors, 'bills_of_entry', await repo.list(db, ctx.orgId, searchPatternOf(query.search), after, perPage), perPage, (r) => [r.bill_of_entry_id]);
      const billIds = await repo.billIds(db, ctx.orgId, page.items.map((r) => r.bill_of_entry_id));
      return { bills_of_entry: page.items.map((r) => presentBillOfEntry(r, billIds.get(r.bill_of_entry_id)!)), page_context: page.page_context };
    },
  };
}

export type BillsOfEntryService = ReturnType<typeof billsOfEntryService>;
