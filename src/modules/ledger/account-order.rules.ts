interface Ordered { account_id: string; account_name: string; account_code: string | null }

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Account-code order, accounts without a code last, by name: sorted in code so that both engines agree. */
export function byAccountCode(a: Ordered, b: Ordered): number {
  if ((a.account_code === null) !== (b.account_code === null)) return a.account_code === null ? 1 : -1;
  return byText(a.account_code ?? '', b.account_code ?? '') || byText(a.account_name, b.account_name) || byText(a.account_id, b.account_id);
}
