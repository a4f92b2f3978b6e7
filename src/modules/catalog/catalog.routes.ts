import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { Account, Branch, CreateItemBody, Item, ListAccountsQuery, ListItemsQuery, Tax } from './catalog.schemas';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(catalog: CatalogService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/accounts', operationId: 'listAccounts', summary: 'List active accounts', tags: ['Accounts'],
      access: 'Svc.accounts.READ', query: ListAccountsQuery, response: { accounts: Type.Array(Account), page_context: PageContext },
      handle: ({ ctx, query }) => catalog.listAccounts(ctx, query),
    }),
    route({
      method: 'GET', url: '/accounts/:account_id', operationId: 'getAccount', summary: 'Get an account', tags: ['Accounts'],
      access: 'Svc.accounts.READ', params: IdParam('account_id'), response: { account: Account },
      handle: ({ ctx, params }) => catalog.getAccount(ctx, params.account_id),
    }),
    route({
      method: 'GET', url: '/taxes', operationId: 'listTaxes', summary: 'List GST taxes', tags: ['Accounts'],
      access: 'Svc.accounts.READ', response: { taxes: Type.Array(Tax) },
      handle: ({ ctx }) => catalog.listTaxes(ctx),
    }),
    route({
      method: 'GET', url: '/branches', operationId: 'listBranches', summary: 'List branches', tags: ['Accounts'],
      access: 'Svc.accounts.READ', response: { branches: Type.Array(Branch) },
      handle: ({ ctx }) => catalog.listBranches(ctx),
    }),
    route({
      method: 'GET', url: '/items', operationId: 'listItems', summary: 'List items', tags: ['Items'],
      access: 'Svc.invoices.READ', query: ListItemsQuery, response: { items: Type.Array(Item), page_context: PageContext },
      handle: ({ ctx, query }) => catalog.listItems(ctx, query),
    }),
    route({
      method: 'GET', url: '/items/:item_id', operationId: 'getItem', summary: 'Get an item', tags: ['Items'],
      access: 'Svc.invoices.READ', params: IdParam('item_id'), response: { item: Item },
      handle: ({ ctx, params }) => catalog.getItem(ctx, params.item_id),
    }),
    route({
      method: 'POST', url: '/items', operationId: 'createItem', summary: 'Create an item', tags: ['Items'],
      access: 'Svc.invoices.CREATE', body: CreateItemBody, status: 201, message: 'The item has been created.', response: { item: Item },
      handle: ({ ctx, body }) => catalog.createItem(ctx, body),
    }),
  ];
}
