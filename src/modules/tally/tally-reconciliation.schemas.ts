import { Type } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { IdParam, StringEnum } from '../../http/schema-kit';

export const ImportIdParam = IdParam('import_id');

export const MAPPED_TO = ['ACCOUNT', 'CONTACT', 'SYSTEM_ACCOUNT', 'NONE'] as const;

const ReconciliationRow = Named('TallyReconciliationRow', Strict({
  ledger: Type.String({ description: "Tally's ledger; several joined by ' + ' when they map onto the same system accounts (a GST ledger of both sides)" }),
  mapped_to: StringEnum(MAPPED_TO, 'Where the ledger lives in Bahi: an account, a contact (its party balance), system accounts, or NONE when nothing stands for it'),
  bahi_name: NullableOf(Type.String({ description: "The account's or contact's name; the system accounts' keys joined by ' + '" })),
  tally_balance: { ...Amount, description: "Tally's closing balance, debit positive, credit negative" },
  bahi_balance: NullableOf({ ...Amount, description: "Bahi's balance over all its entries, debit positive; null when nothing stands for the ledger" }),
  difference: NullableOf({ ...Amount, description: 'bahi_balance − tally_balance' }),
  balanced: Type.Boolean({ description: 'Equal to the paisa' }),
}, 'One Tally ledger (or ledgers sharing system accounts) beside Bahi.'));

export const TallyReconciliation = Named('TallyReconciliation', Strict({
  import_id: Type.String(),
  rows: Type.Array(ReconciliationRow),
  balanced: Type.Boolean({ description: 'Every row balanced' }),
}, "A Tally import's books compared, ledger by ledger, with Tally's own Trial Balance uploaded with it."));
