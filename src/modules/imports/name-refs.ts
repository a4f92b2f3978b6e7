import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { DomainError } from '../../kernel/errors';
import type { NameRef, RefTarget } from './import-unit';

const isRef = (value: unknown): value is NameRef =>
  typeof value === 'object' && value !== null && typeof (value as NameRef).$ref === 'string' && typeof (value as NameRef).name === 'string';

/** A percentage as a sheet writes it: "18", "18%", "18.0 %". */
const PERCENT = /^(\d{1,3}(?:\.\d{1,2})?)\s*%?$/;

/** The id a name stands for, or undefined: by name (case aside), an account also by code, a document by number, a tax by name or rate. */
async function lookUp(tx: Tx, orgId: string, target: RefTarget, name: string): Promise<string | undefined> {
  const lower = name.toLowerCase();
  switch (target) {
    case 'contact':
      return (await tx.selectFrom('contacts').select('contact_id').where('org_id', '=', orgId)
        .where(sql<string>`lower(contact_name)`, '=', lower).orderBy('contact_id').executeTakeFirst())?.contact_id;
    case 'item':
      return (await tx.selectFrom('items').select('item_id').where('org_id', '=', orgId)
        .where(sql<string>`lower(name)`, '=', lower).orderBy('item_id').executeTakeFirst())?.item_id;
    case 'account':
      return (await tx.selectFrom('accounts').select('account_id').where('org_id', '=', orgId).where('is_active', '=', 1)
        .where((eb) => eb.or([eb('account_code', '=', name), eb(sql<string>`lower(account_name)`, '=', lower)]))
        .orderBy('account_id').executeTakeFirst())?.account_id;
    case 'system_account':
      return (await tx.selectFrom('accounts').select('account_id').where('org_id', '=', orgId).where('system_key', '=', name).executeTakeFirst())?.account_id;
    case 'invoice':
      return (await tx.selectFrom('invoices').select('invoice_id').where('org_id', '=', orgId).where('invoice_number', '=', name)
        .orderBy('invoice_id').executeTakeFirst())?.invoice_id;
    case 'bill':
      return (await tx.selectFrom('bills').select('bill_id').where('org_id', '=', orgId).where('bill_number', '=', name)
        .orderBy('bill_id').executeTakeFirst())?.bill_id;
    case 'tax': {
      const percent = PERCENT.exec(name);
      let query = tx.selectFrom('taxes').select('tax_id').where('org_id', '=', orgId);
      // A bare rate is the taxable supply's tax of that rate; 0 means zero-rated, not nil or exempt.
      query = percent ? query.where('rate_centi', '=', Math.round(Number(percent[1]) * 100)).where('supply_type', '=', 'TAXABLE')
        : query.where(sql<string>`lower(tax_name)`, '=', lower);
      return (await query.orderBy('tax_id').executeTakeFirst())?.tax_id;
    }
  }
}

/**
 * Names resolved to ids within one run. Only ids found are kept: a record a later unit of the run
 * writes is then found by the units after it.
 */
export function nameResolver(tx: () => Tx, orgId: string) {
  const found = new Map<string, string>();
  async function idOf(ref: NameRef, field: string): Promise<string> {
    const cacheKey = `${ref.$ref}\u0000${ref.$ref === 'invoice' || ref.$ref === 'bill' || ref.$ref === 'system_account' ? ref.name : ref.name.toLowerCase()}`;
    const known = found.get(cacheKey);
    if (known !== undefined) return known;
    const id = await lookUp(tx(), orgId, ref.$ref, ref.name);
    if (id === undefined) throw new DomainError('not_found.resource', `no ${ref.$ref.replace('_', ' ')} is named "${ref.name}"`, { field, details: { name: ref.name } });
    found.set(cacheKey, id);
    return id;
  }

  /** The body with every NameRef replaced by its id; one that matches nothing is an error on its field. */
  async function resolve(value: unknown, field = ''): Promise<unknown> {
    if (isRef(value)) return idOf(value, field);
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const [i, item] of value.entries()) out.push(await resolve(item, `${field}[${i}]`));
      return out;
    }
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = await resolve(v, field === '' ? k : `${field}.${k}`);
      return out;
    }
    return value;
  }

  return {
    resolve,
    /** Forgets what was found: a rolled-back batch may have taken records the cache names. */
    forget: () => found.clear(),
  };
}

/** The body with each NameRef replaced by a well-formed stand-in id, so that validation can run before the names are looked up. */
export function withStandIns(value: unknown): unknown {
  if (isRef(value)) return 'ref_stand_in';
  if (Array.isArray(value)) return value.map(withStandIns);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStandIns(v)]));
  return value;
}
