import type { Db, Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';
import { catalogRepository } from '../catalog';
import { presentPayment } from './payments.presenter';
import { paymentsRepository as repo, type PaymentRow } from './payments.repository';

/** A payment of this organisation, or 404; `forUpdate` locks it for the rest of the transaction. */
export async function loadPayment(executor: Db | Tx, orgId: string, paymentId: string, forUpdate = false) {
  const row = await repo.find(executor, orgId, paymentId, forUpdate);
  if (!row) throw notFound('payment', 'payment_id');
  return row;
}

/** A payment as the API answers it, with its allocations and refunds. */
export const viewPayment = async (executor: Db | Tx, p: PaymentRow) =>
  presentPayment(p, await repo.allocations(executor, p.org_id, [p.payment_id]), await repo.refunds(executor, p.org_id, [p.payment_id]));

/** A BANK or CASH account of this organisation; without one named, the first of them (right for a single-bank organisation). */
export async function bankAccount(tx: Tx, orgId: string, accountId: string | undefined, field = 'bank_account_id'): Promise<string> {
  if (accountId) {
    const account = await catalogRepository.account(tx, orgId, accountId);
    if (!account || !['BANK', 'CASH'].includes(account.account_type)) throw notFound('bank or cash account', field);
    return account.account_id;
  }
  const first = await tx.selectFrom('accounts').select('account_id').where('org_id', '=', orgId).where('account_type', 'in', ['BANK', 'CASH'])
    .where('is_active', '=', 1).orderBy('account_code').orderBy('account_id').executeTakeFirst();
  if (!first) throw notFound('bank or cash account', 'bank_account_id');
  return first.account_id;
}

/** The allocations and refunds are part of the payment (its voucher lists them): a change to them is a new version, made `at`. */
export async function touchPayment(tx: Tx, p: PaymentRow, unapplied: number, at: string): Promise<PaymentRow> {
  const touched: PaymentRow = { ...p, unapplied_amount: unapplied, version: p.version + 1, last_modified_time: at };
  await repo.update(tx, p.org_id, p.payment_id, { unapplied_amount: unapplied, version: touched.version, last_modified_time: touched.last_modified_time });
  return touched;
}
