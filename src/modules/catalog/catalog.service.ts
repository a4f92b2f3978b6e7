import type { Tx } from '../../db/database';
import { invalidValue, notFound } from '../../kernel/errors';
import { toPaise } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { ACCOUNT_TYPES } from '../../platform/orgs/chart-of-accounts';
import { cursorPage, readCursor } from '../../platform/pagination';
import { assertAccountKind } from './account-kinds.rules';
import { hsnFormatFault, isSac } from './hsn.rules';
import { reportedUnit } from './units.rules';
import { presentAccount, presentBranch, presentItem, presentTax } from './catalog.presenter';
import { catalogRepository as repo } from './catalog.repository';
import type { CreateItemBody, ListAccountsQuery, ListItemsQuery } from './catalog.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'cursors'>;

/** Accounts, taxes, branches and items: what documents are built from. */
export function catalogService(deps: Deps) {
  const db = deps.database.db;
  /** POST /items inside a caller's transaction (the API's own unit of work, or an import's savepoint). */
  async function createItemInTx(tx: Tx, ctx: RequestContext, input: CreateItemBody) {
    // Without a type, the code tells: a SAC (99) is a service, an HSN code goods; with neither, a service.
    const type = input.type ?? (input.hsn_sac && !isSac(input.hsn_sac) ? 'GOODS' : 'SERVICE');
    const hsnFault = input.hsn_sac ? hsnFormatFault(input.hsn_sac, type) : null;
    if (hsnFault) throw invalidValue('hsn_sac', hsnFault);
    const unit = reportedUnit(input.unit ?? null, type === 'SERVICE', 'unit');
    if (input.tax_id && !(await repo.tax(tx, ctx.orgId, input.tax_id))) throw notFound('tax', 'tax_id');
    // A sales line of the item credits account_id; a purchase line debits purchase_account_id.
    for (const [field, kind] of [['account_id', 'income'], ['purchase_account_id', 'purchase']] as const) {
      const id = input[field];
      if (!id) continue;
      const account = await repo.account(tx, ctx.orgId, id);
      if (!account) throw notFound('account', field);
      assertAccountKind(account.account_type, kind, field);
    }
    const created = deps.clock.now().toISOString();
    const row = {
      org_id: ctx.orgId, item_id: deps.ids.next('itm'), name: input.name, sku: input.sku ?? null,
      type, rate: toPaise(input.rate),
      purchase_rate: input.purchase_rate === undefined || input.purchase_rate === null ? null : toPaise(input.purchase_rate),
      tax_id: input.tax_id ?? null, hsn_sac: input.hsn_sac ?? null, unit, account_id: input.account_id ?? null,
      purchase_account_id: input.purchase_account_id ?? null, created_time: created, last_modified_time: created,
    };
    await repo.insertItem(tx, row);
    await deps.activity.record(tx, ctx, { entityType: 'ITEM', entityId: row.item_id, entityRef: row.name, verb: 'CREATED' });
    return { item: presentItem(row) };
  }

  return {
    async listAccounts(ctx: RequestContext, query: ListAccountsQuery) {
      const types = query.account_type ? query.account_type.split(',') : null;
      const unknown = types?.find((t) => !(ACCOUNT_TYPES as readonly string[]).includes(t));
      if (unknown) throw invalidValue('account_type', `unknown account_type ${unknown}`);
      const { perPage, after } = readCursor(deps.cursors, 'accounts', query);
      const rows = await repo.listAccounts(db, ctx.orgId, types, after, perPage);
      const page = cursorPage(deps.cursors, 'accounts', rows, perPage, (r) => [r.account_id]);
      return { accounts: page.items.map(presentAccount), page_context: page.page_context };
    },

    async getAccount(ctx: RequestContext, accountId: string) {
      const account = await repo.account(db, ctx.orgId, accountId);
      if (!account) throw notFound('account', 'account_id');
      return { account: presentAccount(account) };
    },

    async listTaxes(ctx: RequestContext) {
      return { taxes: (await repo.listTaxes(db, ctx.orgId)).map(presentTax) };
    },

    async listBranches(ctx: RequestContext) {
      return { branches: (await repo.listBranches(db, ctx.orgId)).map(presentBranch) };
    },

    async listItems(ctx: RequestContext, query: ListItemsQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'items', query);
      const rows = await repo.listItems(db, ctx.orgId, after, perPage);
      const page = cursorPage(deps.cursors, 'items', rows, perPage, (r) => [r.item_id]);
      return { items: page.items.map(presentItem), page_context: page.page_context };
    },

    async getItem(ctx: RequestContext, itemId: string) {
      const item = await repo.item(db, ctx.orgId, itemId);
      if (!item) throw notFound('item', 'item_id');
      return { item: presentItem(item) };
    },

    createItemInTx,

    async createItem(ctx: RequestContext, input: CreateItemBody) {
      return deps.uow(ctx, (tx) => createItemInTx(tx, ctx, input));
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
