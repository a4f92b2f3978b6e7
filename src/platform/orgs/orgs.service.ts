import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/driver-errors';
import { toJson } from '../../db/json';
import { DomainError, invalidValue, notFound } from '../../kernel/errors';
import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { unrecognisedState } from '../../kernel/gst/unrecognised-state';
import { gstinProblem, REGISTRATION_KINDS, validateGstin } from '../../kernel/gst/gstin';
import { addDays, addYears, financialYearLabel, financialYearStart, istDateOf, isoTimestamp } from '../../kernel/local-date';
import type { PlatformDeps } from '../deps';
import { SEED_ACCOUNTS, SEED_NON_TAXABLE, SEED_TAX_RATES_CENTI, formatPercent, type AccountType } from './chart-of-accounts';
import { forgetFixedChart } from './fixed-chart';
import { branchAddressColumns, presentBranchAddress, type BranchAddressInput } from './branch-address';
import { registrationGstinMismatch } from './registration-gstin.rules';
import { DEFAULT_PREFERENCES, readPreferences, type Preferences } from './preferences';

export interface CreateOrgInput {
  name: string;
  state_code?: string;
  gstin?: string | null;
  /** The postal address of the head office (the default branch). */
  address?: BranchAddressInput;
  currency_code?: string;
  email_from?: string;
  books_start_date?: string;
}

export function canonicalState(input: string, field = 'state_code'): string {
  const state = resolvePlaceOfSupply(input);
  if (!state) throw unrecognisedState(field, input);
  return state;
}

export function checkedGstin(input: string | null | undefined, field: string): string | null {
  if (input === null || input === undefined || input === '') return null;
  // A UIN, a deductor's or a non-resident's id issues no invoices of its own: docs/rules/gstin.md, "Kinds".
  const result = validateGstin(input, REGISTRATION_KINDS);
  if (!result.ok) throw invalidValue(field, gstinProblem(field, result.reason), { details: { reason: result.reason } });
  return result.gstin;
}

/** A registration's GSTIN against its state and the organisation's other GSTINs: 400 on gstin naming the part that disagrees. */
function assertRegistrationGstin(gstin: string | null, stateIso: string, otherGstins: readonly (string | null)[]): void {
  if (gstin === null) return;
  const mismatch = registrationGstinMismatch(gstin, stateIso, otherGstins.filter((g): g is string => g !== null));
  if (mismatch) throw invalidValue('gstin', mismatch.message, { details: { reason: mismatch.reason, expected: mismatch.expected } });
}

/** Operator use cases: organisations and what each one starts with (docs/rules/organisations.md). */
/** An account added to an organisation's chart (the admin API, an accounts import). */
export interface NewAccount {
  account_name: string;
  account_type: AccountType;
  account_code?: string | null;
}

export function orgsService(deps: Pick<PlatformDeps, 'database' | 'clock' | 'ids'>) {
  const now = () => deps.clock.now().toISOString();

  /** Adds an account inside a caller's transaction. */
  async function createAccountInTx(tx: Tx, orgId: string, input: NewAccount) {
    const account = {
      org_id: orgId, account_id: deps.ids.next('acc'), account_name: input.account_name,
      account_code: input.account_code ?? null, account_type: input.account_type, system_key: null,
      is_active: 1 as const, created_time: now(),
    };
    await tx.insertInto('accounts').values(account).execute();
    forgetFixedChart(deps.database.db, orgId); // a new "Round Off" could matter to round-offs (fixed-chart.ts)
    return { account_id: account.account_id, account_name: account.account_name, account_code: account.account_code, account_type: account.account_type, is_active: true };
  }

  async function insertPeriods(tx: Tx, orgId: string, booksStart: string): Promise<void> {
    // From the year holding the books' start through the one after the current year.
    const through = addYears(financialYearStart(istDateOf(deps.clock.now())), 1);
    for (let start = financialYearStart(booksStart); start <= through; start = addYears(start, 1)) {
      const end = addDays(addYears(start, 1), -1);
      await tx.insertInto('periods').values({
        org_id: orgId, period_id: deps.ids.next('per'), name: `FY ${financialYearLabel(start)}`,
        start_date: start, end_date: end, created_time: now(),
      }).execute();
    }
  }

  async function getOrgRow(tx: Tx, orgId: string) {
    const row = await tx.selectFrom('orgs').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    if (!row) throw notFound('organisation');
    return row;
  }

  return {
    async createOrg(input: CreateOrgInput) {
      const state = canonicalState(input.state_code ?? 'IN-KA');
      const gstin = checkedGstin(input.gstin, 'gstin');
      assertRegistrationGstin(gstin, state, []);
      const address = branchAddressColumns(input.address, state);
      const booksStart = input.books_start_date ?? '2020-04-01';
      return deps.database.transaction(async (tx) => {
        const orgId = deps.ids.next('org');
        const branchId = deps.ids.next('br');
        const created = now();
        await tx.insertInto('orgs').values({
          org_id: orgId, name: input.name, state_code: state, gstin, currency_code: input.currency_code ?? 'INR',
          email_from: input.email_from ?? `no-reply@${orgId}.invalid`, books_start_date: booksStart,
          default_branch_id: branchId, preferences: toJson(DEFAULT_PREFERENCES), created_time: created,
        }).execute();
        await tx.insertInto('period_locks').values({ org_id: orgId, lock_date: null, last_modified_time: created }).execute();
        await tx.insertInto('branches').values({
          org_id: orgId, branch_id: branchId, name: 'Head Office', state_code: state, gstin, ...address, is_default: 1, created_time: created,
        }).execute();
        await insertPeriods(tx, orgId, booksStart);
        for (const a of SEED_ACCOUNTS) {
          await tx.insertInto('accounts').values({
            org_id: orgId, account_id: deps.ids.next('acc'), account_name: a.name, account_code: a.code,
            account_type: a.type, system_key: a.key, is_active: 1, created_time: created,
          }).execute();
        }
        for (const rate of SEED_TAX_RATES_CENTI) {
          await tx.insertInto('taxes').values({
            org_id: orgId, tax_id: deps.ids.next('tax'), tax_name: `GST ${formatPercent(rate)}%`, rate_centi: rate, supply_type: 'TAXABLE', created_time: created,
          }).execute();
        }
        for (const t of SEED_NON_TAXABLE) {
          await tx.insertInto('taxes').values({
            org_id: orgId, tax_id: deps.ids.next('tax'), tax_name: t.name, rate_centi: 0, supply_type: t.supplyType, created_time: created,
          }).execute();
        }
        return presentOrg(await getOrgRow(tx, orgId));
      });
    },

    async createUser(orgId: string, input: { name: string; email: string }) {
      return deps.database.transaction(async (tx) => {
        await getOrgRow(tx, orgId);
        const user = { user_id: deps.ids.next('usr'), org_id: orgId, name: input.name, email: input.email, created_time: now() };
        await tx.insertInto('users').values(user).execute();
        return { user_id: user.user_id, name: user.name, email: user.email };
      });
    },

    async updatePreferences(orgId: string, changes: Partial<Preferences>): Promise<Preferences> {
      return deps.database.transaction(async (tx) => {
        const org = await getOrgRow(tx, orgId);
        const next = { ...readPreferences(org.preferences), ...changes };
        await tx.updateTable('orgs').set({ preferences: toJson(next) }).where('org_id', '=', orgId).execute();
        return next;
      });
    },

    async createBranch(orgId: string, input: { name: string; state_code: string; gstin?: string | null; address?: BranchAddressInput }) {
      const state = canonicalState(input.state_code);
      const address = branchAddressColumns(input.address, state);
      const gstin = checkedGstin(input.gstin, 'gstin');
      return deps.database.transaction(async (tx) => {
        const org = await getOrgRow(tx, orgId);
        const branches = await tx.selectFrom('branches').select('gstin').where('org_id', '=', orgId).execute();
        assertRegistrationGstin(gstin, state, [org.gstin, ...branches.map((b) => b.gstin)]);
        const branch = { branch_id: deps.ids.next('br'), name: input.name, state_code: state, gstin, ...address };
        await tx.insertInto('branches').values({ org_id: orgId, ...branch, is_default: 0, created_time: now() }).execute();
        return { branch_id: branch.branch_id, name: branch.name, state_code: state, gstin, address: presentBranchAddress(branch) };
      });
    },

    async createAccount(orgId: string, input: NewAccount) {
      return deps.database.transaction(async (tx) => {
        await getOrgRow(tx, orgId);
        return createAccountInTx(tx, orgId, input);
      });
    },

    createAccountInTx,

    async createPeriod(orgId: string, input: { name: string; start_date: string; end_date: string }) {
      if (input.end_date < input.start_date) throw invalidValue('end_date', 'end_date is before start_date');
      return deps.database.transaction(async (tx) => {
        await getOrgRow(tx, orgId);
        const overlapping = await tx.selectFrom('periods').select('period_id').where('org_id', '=', orgId)
          .where('start_date', '<=', input.end_date).where('end_date', '>=', input.start_date).executeTakeFirst();
        if (overlapping) {
          throw invalidValue('start_date', 'the period overlaps an existing period', { details: { period_id: overlapping.period_id } });
        }
        const period = { period_id: deps.ids.next('per'), ...input };
        try {
          await tx.insertInto('periods').values({ org_id: orgId, ...period, created_time: now() }).execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new DomainError('validation.duplicate_resource', 'period exists');
          throw error;
        }
        return period;
      });
    },
  };
}

export type OrgsService = ReturnType<typeof orgsService>;

export function presentOrg(row: { org_id: string; name: string; state_code: string; gstin: string | null; default_branch_id: string; currency_code: string; created_time: string }) {
  return {
    org_id: row.org_id, name: row.name, state_code: row.state_code, gstin: row.gstin,
    default_branch_id: row.default_branch_id, currency_code: row.currency_code,
    created_time: isoTimestamp(new Date(row.created_time)),
  };
}
