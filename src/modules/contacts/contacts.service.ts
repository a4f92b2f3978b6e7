import type { Tx } from '../../db/database';
import { fromJson, toJson } from '../../db/json';
import { DomainError, notFound } from '../../kernel/errors';
import { toPaise } from '../../kernel/money';
import { diffFields } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { cursorPage, readCursor } from '../../platform/pagination';
import { lastGstr1Filings } from './gstr1-filings.reader';
import { presentContact } from './contacts.presenter';
import { contactsRepository as repo, type ContactPersonRow, type ContactRow } from './contacts.repository';
import {
  assertOpeningBalanceKept, checkGstin, checkState, defaultGstTreatment, defaultPlaceOfContact, mergeAddress, panOfGstin, planPersons, searchTextOf,
  type Address,
} from './contacts.rules';
import type { CreateContactBody, ListContactsQuery, UpdateContactBody } from './contacts.schemas';

/**
 * Counts the posted documents that name a contact. Modules with documents (invoices,
 * bills, payments, …) contribute one each; a contact with any cannot be deleted.
 */
export type ContactReferenceCounter = (tx: Tx, orgId: string, contactId: string) => Promise<number>;

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'cursors'> & {
  referenceCounters: readonly ContactReferenceCounter[];
};

const LIST = 'contacts';

export function contactsService(deps: Deps) {
  const now = () => deps.clock.now().toISOString();

  async function load(db: Parameters<typeof repo.find>[0], orgId: string, contactId: string, forUpdate = false) {
    const row = await repo.find(db, orgId, contactId, { forUpdate });
    if (!row) throw notFound('contact', 'contact_id');
    return row;
  }

  async function present(db: Parameters<typeof repo.find>[0], row: ContactRow) {
    const filings = await lastGstr1Filings(db, row.org_id, row.gst_no ? [row.gst_no] : []);
    return presentContact(row, await repo.persons(db, row.org_id, [row.contact_id]), filings);
  }

  function personRows(orgId: string, contactId: string, plans: ReturnType<typeof planPersons>): ContactPersonRow[] {
    return plans.map((p, position) => ({
      org_id: orgId, contact_id: contactId, position,
      contact_person_id: p.contact_person_id ?? deps.ids.next('cp'),
      first_name: p.first_name, last_name: p.last_name, email: p.email, phone: p.phone, is_primary: p.is_primary ? 1 : 0,
    }));
  }

  /** POST /contacts inside a caller's transaction (the API's own unit of work, or an import's savepoint). */
  async function createInTx(tx: Tx, ctx: RequestContext, input: CreateContactBody) {
    const gstNo = checkGstin(input.gst_no) ?? null;
    const placeOfContact = checkState(input.place_of_contact, 'place_of_contact') ?? null;
    const billing = mergeAddress(null, input.billing_address, 'billing_address');
    const shipping = mergeAddress(null, input.shipping_address, 'shipping_address');
    const persons = planPersons(new Map(), input.contact_persons ?? []);
    // A new contact has no opening items yet: its opening balance is 0.
    assertOpeningBalanceKept(input.opening_balance, 0);
    const org = await repo.orgDefaults(tx, ctx.orgId);
    const created = now();
    const row: ContactRow = {
      org_id: ctx.orgId,
      contact_id: deps.ids.next('con'),
      contact_type: input.contact_type ?? 'CUSTOMER',
      contact_name: input.contact_name,
      display_name: input.display_name ?? null,
      legal_name: input.legal_name ?? null,
      company_name: input.company_name ?? null,
      gst_no: gstNo,
      pan: input.pan?.toUpperCase() ?? (gstNo ? panOfGstin(gstNo) : null),
      gst_treatment: input.gst_treatment ?? defaultGstTreatment(gstNo),
      place_of_contact: placeOfContact ?? defaultPlaceOfContact(gstNo, org.state_code, input.gst_treatment ?? null),
      email: input.email ?? null,
      phone: input.phone ?? null,
      website: input.website ?? null,
      billing_address: billing ? toJson(billing) : null,
      shipping_address: shipping ? toJson(shipping) : null,
      payment_terms: input.payment_terms ?? 0,
      opening_balance: 0,
      credit_limit: input.credit_limit === undefined || input.credit_limit === null ? null : toPaise(input.credit_limit),
      currency_code: input.currency_code ?? org.currency_code,
      status: 'ACTIVE',
      search_text: '',
      upi_vpa: input.upi_vpa ?? null,
      created_time: created,
      last_modified_time: created,
    };
    row.search_text = searchTextOf(row);
    await repo.insert(tx, row);
    await repo.replacePersons(tx, ctx.orgId, row.contact_id, personRows(ctx.orgId, row.contact_id, persons));
    await deps.activity.record(tx, ctx, { entityType: 'CONTACT', entityId: row.contact_id, entityRef: row.contact_name, verb: 'CREATED' });
    return { contact: await present(tx, row) };
  }

  return {
    createInTx,

    async createContact(ctx: RequestContext, input: CreateContactBody) {
      return deps.uow(ctx, (tx) => createInTx(tx, ctx, input));
    },

    async getContact(ctx: RequestContext, contactId: string) {
      return { contact: await present(deps.database.db, await load(deps.database.db, ctx.orgId, contactId)) };
    },

    async listContacts(ctx: RequestContext, query: ListContactsQuery) {
      const { perPage, after } = readCursor(deps.cursors, LIST, query);
      const db = deps.database.db;
      const rows = await repo.list(db, ctx.orgId, { contactType: query.contact_type, status: query.status, search: query.search }, after, perPage);
      const page = cursorPage(deps.cursors, LIST, rows, perPage, (r) => [r.contact_id]);
      const persons = await repo.persons(db, ctx.orgId, page.items.map((r) => r.contact_id));
      const filings = await lastGstr1Filings(db, ctx.orgId, page.items.flatMap((r) => (r.gst_no ? [r.gst_no] : [])));
      return { contacts: page.items.map((r) => presentContact(r, persons.filter((p) => p.contact_id === r.contact_id), filings)), page_context: page.page_context };
    },

    /** Partial merge: only sent fields change; null clears; nested objects merge; contact_persons replaces. */
    async updateContact(ctx: RequestContext, contactId: string, input: UpdateContactBody) {
      if (input.contact_name === null) throw new DomainError('validation.invalid_value', 'contact_name cannot be cleared', { field: 'contact_name' });
      const gstNo = checkGstin(input.gst_no);
      const placeOfContact = checkState(input.place_of_contact, 'place_of_contact');
      return deps.uow(ctx, async (tx) => {
        const before = await load(tx, ctx.orgId, contactId, true);
        const beforeView = await present(tx, before);
        const next: ContactRow = { ...before };
        const assign = <K extends keyof ContactRow & keyof UpdateContactBody>(key: K, value: ContactRow[K] | undefined) => {
          if (value !== undefined) next[key] = value;
        };
        assign('contact_name', input.contact_name);
        assign('contact_type', input.contact_type);
        assign('status', input.status);
        assign('display_name', input.display_name);
        assign('legal_name', input.legal_name);
        assign('company_name', input.company_name);
        assign('gst_no', gstNo);
        assign('pan', input.pan === undefined || input.pan === null ? input.pan : input.pan.toUpperCase());
        assign('gst_treatment', input.gst_treatment);
        assign('place_of_contact', placeOfContact);
        assign('email', input.email);
        assign('phone', input.phone);
        assign('website', input.website);
        assign('payment_terms', input.payment_terms);
        assign('currency_code', input.currency_code);
        assign('upi_vpa', input.upi_vpa);
        // A new GSTIN brings its PAN along, unless the caller sent one.
        if (gstNo && gstNo !== before.gst_no && input.pan === undefined) next.pan = panOfGstin(gstNo);
        // null clears, but these two are never empty: clearing goes back to the default.
        if (input.gst_treatment === null) next.gst_treatment = defaultGstTreatment(next.gst_no);
        if (input.place_of_contact === null) {
          next.place_of_contact = defaultPlaceOfContact(next.gst_no, (await repo.orgDefaults(tx, ctx.orgId)).state_code, next.gst_treatment);
        }
        assertOpeningBalanceKept(input.opening_balance, before.opening_balance);
        if (input.credit_limit !== undefined) next.credit_limit = input.credit_limit === null ? null : toPaise(input.credit_limit);
        const billing = mergeAddress(fromJson<Address>(before.billing_address), input.billing_address, 'billing_address');
        const shipping = mergeAddress(fromJson<Address>(before.shipping_address), input.shipping_address, 'shipping_address');
        next.billing_address = billing ? toJson(billing) : null;
        next.shipping_address = shipping ? toJson(shipping) : null;
        next.search_text = searchTextOf(next);
        next.last_modified_time = now();
        await repo.update(tx, ctx.orgId, contactId, next);
        if (input.contact_persons !== undefined) {
          const current = await repo.persons(tx, ctx.orgId, [contactId]);
          const plans = planPersons(new Map(current.map((p) => [p.contact_person_id, { ...p, is_primary: p.is_primary === 1 }])), input.contact_persons);
          await repo.replacePersons(tx, ctx.orgId, contactId, personRows(ctx.orgId, contactId, plans));
        }
        const after = await present(tx, next);
        const { last_modified_time: _a, ...afterFields } = after;
        const { last_modified_time: _b, ...beforeFields } = beforeView;
        await deps.activity.record(tx, ctx, {
          entityType: 'CONTACT', entityId: contactId, entityRef: next.contact_name, verb: 'UPDATED',
          changes: diffFields(beforeFields, afterFields),
        });
        return { contact: after };
      });
    },

    /** Soft delete: INACTIVE, hidden from autocomplete (status=ACTIVE lists); documents keep it. */
    async archiveContact(ctx: RequestContext, contactId: string) {
      return deps.uow(ctx, async (tx) => {
        const before = await load(tx, ctx.orgId, contactId, true);
        const next = { ...before, status: 'INACTIVE', last_modified_time: now() };
        if (before.status !== 'INACTIVE') {
          await repo.update(tx, ctx.orgId, contactId, { status: next.status, last_modified_time: next.last_modified_time });
          await deps.activity.record(tx, ctx, {
            entityType: 'CONTACT', entityId: contactId, entityRef: before.contact_name, verb: 'STATUS_CHANGED',
            changes: { status: { old: before.status, new: 'INACTIVE' } },
          });
        }
        return { contact: await present(tx, before.status === 'INACTIVE' ? before : next) };
      });
    },

    async deleteContact(ctx: RequestContext, contactId: string) {
      return deps.uow(ctx, async (tx) => {
        const row = await load(tx, ctx.orgId, contactId, true);
        let references = 0;
        for (const count of deps.referenceCounters) references += await count(tx, ctx.orgId, contactId);
        if (references > 0) {
          throw new DomainError('conflict.invalid_state', 'This contact has posted documents; archive it instead', {
            details: { posted_documents: references },
          });
        }
        await repo.delete(tx, ctx.orgId, contactId);
        await deps.activity.record(tx, ctx, { entityType: 'CONTACT', entityId: contactId, entityRef: row.contact_name, verb: 'DELETED' });
        return { contact_id: contactId };
      });
    },
  };
}

export type ContactsService = ReturnType<typeof contactsService>;
