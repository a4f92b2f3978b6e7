/** Scopes are `Svc.<resource>.<ACTION>`; `Svc.fullaccess.all` grants every one of them. */
export const SCOPE_RESOURCES = [
  'invoices', 'bills', 'payments', 'contacts', 'estimates', 'expenses', 'salesorders', 'purchaseorders',
  'journals', 'accounts', 'creditnotes', 'debitnotes', 'activity', 'recurring', 'comments', 'attachments', 'gst', 'banking',
] as const;
export const SCOPE_ACTIONS = ['READ', 'CREATE', 'UPDATE', 'DELETE'] as const;

export type ScopeResource = (typeof SCOPE_RESOURCES)[number];
export type ScopeAction = (typeof SCOPE_ACTIONS)[number];
export type Scope = `Svc.${ScopeResource}.${ScopeAction}`;
export const FULL_ACCESS = 'Svc.fullaccess.all';

export const ALL_SCOPES: readonly string[] = [
  FULL_ACCESS,
  ...SCOPE_RESOURCES.flatMap((r) => SCOPE_ACTIONS.map((a) => `Svc.${r}.${a}`)),
];

export const isKnownScope = (scope: string): boolean => ALL_SCOPES.includes(scope);

export function grants(held: readonly string[], required: Scope): boolean {
  return held.includes(FULL_ACCESS) || held.includes(required);
}
