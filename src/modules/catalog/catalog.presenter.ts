import { presentBranchAddress } from '../../platform/orgs/branch-address';
import type { AccountsTable, BranchesTable, ItemsTable, TaxesTable } from '../../db/schema';
import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';

export const presentAccount = (a: AccountsTable) => ({
  account_id: a.account_id,
  account_name: a.account_name,
  account_code: a.account_code,
  account_type: a.account_type,
  system_key: a.system_key,
  is_active: a.is_active === 1,
});

export const presentTax = (t: TaxesTable) => ({
  tax_id: t.tax_id,
  tax_name: t.tax_name,
  tax_percentage: t.rate_centi / 100,
  supply_type: t.supply_type,
});

export const presentBranch = (b: BranchesTable) => ({
  branch_id: b.branch_id,
  name: b.name,
  state_code: b.state_code,
  gstin: b.gstin,
  address: presentBranchAddress(b),
  is_default: b.is_default === 1,
});

export const presentItem = (i: ItemsTable) => ({
  item_id: i.item_id,
  name: i.name,
  sku: i.sku,
  type: i.type,
  rate: toRupees(i.rate),
  purchase_rate: i.purchase_rate === null ? null : toRupees(i.purchase_rate),
  tax_id: i.tax_id,
  hsn_sac: i.hsn_sac,
  unit: i.unit,
  account_id: i.account_id,
  purchase_account_id: i.purchase_account_id,
  created_time: isoTimestamp(new Date(i.created_time)),
  last_modified_time: isoTimestamp(new Date(i.last_modified_time)),
});
