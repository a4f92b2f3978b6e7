import type { components } from '@bahi/sdk';
import { ReturnTable, TAX_FIELDS, type Field } from './field-columns';
import type { FlatRow } from './flat-rows';
import { ItcDifferences } from './itc-differences';

type Gstr3b = components['schemas']['Gstr3b'];
type ItcDifference = components['schemas']['ItcDifference'];

const SUPPLIES = [
  ['3.1(a)', 'osup_det', 'Outward taxable supplies (not zero-rated, nil-rated or exempt)'],
  ['3.1(b)', 'osup_zero', 'Outward zero-rated supplies'],
  ['3.1(c)', 'osup_nil_exmp', 'Other outward supplies, nil-rated and exempt'],
  ['3.1(d)', 'isup_rev', 'Inward supplies liable to reverse charge'],
  ['3.1(e)', 'osup_nongst', 'Non-GST outward supplies'],
] as const;

const INTER_STATE = [
  ['unreg_details', 'Unregistered persons'], ['comp_details', 'Composition taxable persons'], ['uin_details', 'UIN holders'],
] as const;

const TABLE: Field = ['table', 'Table', 'label'];
const TAX_ONLY = TAX_FIELDS.slice(1);

/** Table 4 as rows: 4(A) available, 4(B) reversed, 4(C) net, 4(D) ineligible, each type on its own row. */
function creditRows(itc: Gstr3b['itc_elg']): FlatRow[] {
  return [
    ...itc.itc_avl.map((c) => ({ table: '4(A)', ...c })),
    ...itc.itc_rev.map((c) => ({ table: '4(B)', ...c })),
    { table: '4(C)', ty: 'Net', ...itc.itc_net },
    ...itc.itc_inelg.map((c) => ({ table: '4(D)', ...c })),
  ];
}

/** GSTR-3B's tables 3.1, 3.2, 4 and 5, each figure as the API gave it; with Table 4 from GSTR-2B, where it differs from the books. */
export function Gstr3bTables({ gstr3b, differences }: { gstr3b: Gstr3b; differences?: readonly ItcDifference[] }) {
  return (
    <>
      <ReturnTable
        caption="3.1 Outward and reverse-charge inward supplies" fields={[TABLE, ['what', 'Nature of supplies', 'label'], ...TAX_FIELDS]}
        rows={SUPPLIES.map(([table, field, what]) => ({ table, what, ...gstr3b.sup_details[field] }))}
      />
      <ReturnTable
        caption="3.2 Inter-state supplies by place of supply" empty="No inter-state supplies to these persons."
        fields={[['to', 'Made to', 'label'], ['pos', 'Place of supply'], ['txval', 'Taxable value', 'rupees'], ['iamt', 'IGST', 'rupees']]}
        rows={INTER_STATE.flatMap(([field, to]) => gstr3b.inter_sup[field].map((s) => ({ to, ...s })))}
      />
      <ReturnTable caption="4 Eligible input tax credit" fields={[TABLE, ['ty', 'Type'], ...TAX_ONLY]} rows={creditRows(gstr3b.itc_elg)} />
      {differences && <ItcDifferences differences={differences} />}
      <ReturnTable
        caption="5 Exempt, nil-rated and non-GST inward supplies" empty="None in this period."
        fields={[['ty', 'Kind'], ['inter', 'Inter-state', 'rupees'], ['intra', 'Intra-state', 'rupees']]}
        rows={gstr3b.inward_sup.isup_details}
      />
      <section aria-labelledby="gstr3b-payment">
        <h2 id="gstr3b-payment">6.1 Payment of tax</h2>
        <p>
          The API's GSTR-3B does not carry table 6.1: the portal works out the tax payable and how it is paid from the
          figures above and the electronic ledgers' balances, so the console shows none.
        </p>
      </section>
    </>
  );
}
