import type { ListItem, ListPath, paths } from '@bahi/sdk';
import type { DocumentKind } from '../links';

/** A document as the API answers it, list entry and single document alike (they share one shape). */
export type Row = Record<string, unknown>;

type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

/** A filter chosen from a few values (status, type, direction …), sent as the API's own parameter. */
export interface Choice<Param extends string = string> {
  param: Param;
  label: string;
  options: readonly string[];
}

/**
 * What the console needs to know about one kind of document to list it and show one: where the
 * API keeps it, which of its fields are the number, party, date, total and status, and which
 * filters and extras its list and page have. Field readers are typed by the SDK, per kind.
 */
export interface KindSpec<Item, Param extends string = string> {
  /** The menu's and the list's title ("Invoices"), and one of them ("Invoice"). */
  title: string;
  one: string;
  /** The scope the list and the page read with. */
  scope: string;
  /** The key of the single document in GET /<kind>/{id} ("invoice"). */
  detailKey: string;
  id: (item: Item) => string;
  number: (item: Item) => string | null;
  /** Who the document is with; a journal has no one party. */
  party?: (item: Item) => string | null;
  date: (item: Item) => string;
  total: (item: Item) => number;
  status?: (item: Item) => string;
  /** The status column's heading, where the list's status is something else (a payment's direction). */
  statusLabel?: string;
  /** ISO currency of the amounts, where the document can be in another currency than INR. */
  currency?: (item: Item) => string;
  /** Who the party is ("Customer", "Vendor", "Contact"), and the list's parameter to filter by one. */
  partyLabel?: string;
  partyFilter?: Param;
  choices?: readonly Choice<Param>[];
  /** The list takes date_from and date_to. */
  dated: boolean;
  /** The list takes einvoice_status. */
  einvoice: boolean;
  /** GET /<kind>/{id}/pdf and GET /<kind>/{id}/activity exist. */
  pdf: boolean;
  activity: boolean;
  /** Where a row leads, when not to the console's document page (a journal has its own). */
  href?: (id: string) => string;
}

export type Kind = KindSpec<Row> & { kind: DocumentKind };

/**
 * One kind's settings, checked against the SDK's types for its list (field names and filter
 * parameters), then used untyped by the one generic list and page.
 */
export function defineKind<P extends ListPath & `/${DocumentKind}`>(
  path: P,
  spec: KindSpec<ListItem<P>, keyof Query<P> & string>,
): Kind {
  return { ...(spec as unknown as KindSpec<Row>), kind: path.slice(1) as DocumentKind };
}
