import { useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { DataTable } from '../../ui/data-table';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { bankAccountsHref } from './bank-links';
import { useChoices } from './choices';
import { conditionText } from './rule-text';
import { RuleForm } from './rule-form';
import { RuleRunForm } from './rule-run-form';
import { useWrite } from './use-write';
import { WriteStatus } from './write-status';
import './bank.css';

/** The rules that read bank lines, by priority: made, changed, deleted and run here. */
export function BankRulesPage() {
  const { can } = useSignedIn();
  const rules = useApi((api) => api.get('/bank_rules'), []);
  const choices = useChoices();
  const write = useWrite();
  const [editing, setEditing] = useState<string>();
  const nameOf = (id: string | null, list: { id: string; label: string }[] | undefined, none: string) => (id ? list?.find((c) => c.id === id)?.label ?? id : none);
  const saved = () => { setEditing(undefined); rules.reload(); };
  return (
    <>
      <PageHeading title="Bank rules"><a href={bankAccountsHref}>Bank accounts</a></PageHeading>
      <WriteStatus write={write} />
      <Loading loaded={rules}>
        {(data) => (
          <DataTable
            caption="Rules, first to apply first"
            rows={data.bank_rules}
            rowKey={(r) => r.bank_rule_id}
            empty="No rule yet."
            columns={[
              { header: 'Priority', numeric: true, cell: (r) => r.priority },
              { header: 'Name', cell: (r) => r.name },
              { header: 'Account', cell: (r) => nameOf(r.account_id, choices.data?.accounts, 'Every account') },
              { header: 'When', cell: (r) => conditionText(r.condition) },
              { header: 'Then', cell: (r) => `${r.action === 'CREATE' ? 'Create' : 'Suggest'} ${r.target.type.toLowerCase()}${r.target.account_id ? ` to ${nameOf(r.target.account_id, choices.data?.accounts, '')}` : ''}` },
              {
                header: 'Action',
                cell: (r) => (
                  <span class="inline-actions">
                    {can('Svc.banking.UPDATE') && <button type="button" class="secondary" onClick={() => setEditing(r.bank_rule_id)} aria-label={`Edit ${r.name}`}>Edit</button>}
                    {can('Svc.banking.DELETE') && (
                      <button type="button" class="secondary outline" disabled={write.busy} aria-label={`Delete ${r.name}`}
                        onClick={() => void write.run((api) => api.delete('/bank_rules/{rule_id}', { params: { path: { rule_id: r.bank_rule_id } } }), rules.reload)}>Delete</button>
                    )}
                  </span>
                ),
              },
            ]}
          />
        )}
      </Loading>
      <Loading loaded={choices}>
        {({ accounts, contacts }) => {
          const rule = rules.data?.bank_rules.find((r) => r.bank_rule_id === editing);
          return (
            <>
              {rule && (
                <section aria-labelledby="edit-rule">
                  <h2 id="edit-rule">Edit {rule.name}</h2>
                  <RuleForm key={rule.bank_rule_id} rule={rule} accounts={accounts} contacts={contacts} write={write} onSaved={saved} />
                  <button type="button" class="secondary" onClick={() => setEditing(undefined)}>Cancel</button>
                </section>
              )}
              {can('Svc.banking.CREATE') && (
                <>
                  <details>
                    <summary>New rule</summary>
                    <RuleForm accounts={accounts} contacts={contacts} write={write} onSaved={saved} />
                  </details>
                  <RuleRunForm accounts={accounts} write={write} />
                </>
              )}
            </>
          );
        }}
      </Loading>
    </>
  );
}
