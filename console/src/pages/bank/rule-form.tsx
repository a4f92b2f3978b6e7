import type { operations } from '@bahi/sdk';
import { useState } from 'preact/hooks';
import type { BankRule } from './bank-types';
import { ChoiceSelect, MONEY_TYPES, type Choice } from './choices';
import type { Write } from './use-write';

type RuleBody = operations['createBankRule']['requestBody']['content']['application/json'];
type Target = RuleBody['target'];

const TARGETS: Target['type'][] = ['PAYMENT', 'EXPENSE', 'TRANSFER', 'JOURNAL'];
const MODES = ['CASH', 'BANK_TRANSFER', 'CHEQUE', 'UPI', 'CARD', 'OTHER'] as const;

/** The form's fields, all text as inputs hold them; '' is "not set". */
interface Fields {
  name: string; account_id: string; priority: string; contains: string; matches: string; direction: string;
  amount_min: string; amount_max: string; action: string; type: string; contact_id: string; target_account_id: string; mode: string;
}

const fieldsOf = (r: BankRule | undefined): Fields => ({
  name: r?.name ?? '', account_id: r?.account_id ?? '', priority: String(r?.priority ?? 100),
  contains: r?.condition.contains ?? '', matches: r?.condition.matches ?? '', direction: r?.condition.direction ?? '',
  amount_min: r?.condition.amount_min?.toString() ?? '', amount_max: r?.condition.amount_max?.toString() ?? '',
  action: r?.action ?? 'SUGGEST', type: r?.target.type ?? 'EXPENSE', contact_id: r?.target.contact_id ?? '',
  target_account_id: r?.target.account_id ?? '', mode: r?.target.mode ?? '',
});

const orNull = (text: string) => (text === '' ? null : text);
const amountOrNull = (text: string) => (text === '' ? null : Number(text));

/** The body the API takes: a rule is replaced whole, so every field is sent, unset ones as null. */
function bodyOf(f: Fields): RuleBody {
  return {
    name: f.name, account_id: orNull(f.account_id), priority: Number(f.priority),
    condition: { contains: orNull(f.contains), matches: orNull(f.matches), direction: orNull(f.direction) as 'IN' | 'OUT' | null, amount_min: amountOrNull(f.amount_min), amount_max: amountOrNull(f.amount_max) },
    action: f.action as RuleBody['action'],
    target: { type: f.type as Target['type'], contact_id: orNull(f.contact_id), account_id: orNull(f.target_account_id), mode: orNull(f.mode) as Target['mode'] },
  };
}

/** Creates a rule, or replaces the one given (PUT takes it whole). */
export function RuleForm({ rule, accounts, contacts, write, onSaved }: { rule?: BankRule; accounts: Choice[]; contacts: Choice[]; write: Write; onSaved: () => void }) {
  const [f, setF] = useState(fieldsOf(rule));
  const set = (key: keyof Fields) => (value: string) => setF((old) => ({ ...old, [key]: value }));
  const input = (key: keyof Fields) => ({ value: f[key], onInput: (e: { currentTarget: HTMLInputElement }) => set(key)(e.currentTarget.value) });
  const prefix = `rule-${rule?.bank_rule_id ?? 'new'}`;
  const submit = () => write.run((api) => (rule
    ? api.put('/bank_rules/{rule_id}', { params: { path: { rule_id: rule.bank_rule_id } }, body: bodyOf(f) })
    : api.post('/bank_rules', { body: bodyOf(f) })), onSaved);
  return (
    <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <fieldset class="grid">
        <legend>The rule</legend>
        <label>Name<input required maxLength={100} {...input('name')} /></label>
        <ChoiceSelect id={`${prefix}-account`} label="Reads the lines of (none: every account)" choices={accounts.filter((a) => MONEY_TYPES.includes(a.type))} value={f.account_id} onChange={set('account_id')} />
        <label>Priority (lower first)<input type="number" min={0} max={1000000} required {...input('priority')} /></label>
      </fieldset>
      <fieldset class="grid">
        <legend>When the line</legend>
        <label>Narration contains<input maxLength={100} {...input('contains')} /></label>
        <label>Or matches the pattern<input maxLength={100} {...input('matches')} /></label>
        <label>
          Direction
          <select value={f.direction} onChange={(e) => set('direction')(e.currentTarget.value)}>
            <option value="">Either</option><option value="IN">Money in</option><option value="OUT">Money out</option>
          </select>
        </label>
        <label>Amount from, ₹<input type="number" min={0} step="0.01" {...input('amount_min')} /></label>
        <label>Amount to, ₹<input type="number" min={0} step="0.01" {...input('amount_max')} /></label>
      </fieldset>
      <fieldset class="grid">
        <legend>Then</legend>
        <label>
          Action
          <select value={f.action} onChange={(e) => set('action')(e.currentTarget.value)}>
            <option value="SUGGEST">Suggest the entry</option><option value="CREATE">Create and match the entry</option>
          </select>
        </label>
        <label>
          Entry
          <select value={f.type} onChange={(e) => set('type')(e.currentTarget.value)}>
            {TARGETS.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
        <ChoiceSelect id={`${prefix}-target-account`} label="Its account (expense, other bank, other side)" choices={accounts} value={f.target_account_id} onChange={set('target_account_id')} />
        <ChoiceSelect id={`${prefix}-contact`} label="Its contact" choices={contacts} value={f.contact_id} onChange={set('contact_id')} />
        <label>
          Mode
          <select value={f.mode} onChange={(e) => set('mode')(e.currentTarget.value)}>
            <option value="">Not set</option>
            {MODES.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
      </fieldset>
      <button type="submit" disabled={write.busy}>{rule ? 'Save the rule' : 'Create the rule'}</button>
    </form>
  );
}
