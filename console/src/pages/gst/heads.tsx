import { formatRupees } from '../../format/money';

export interface TaxHeads { igst: number; cgst: number; sgst: number; cess: number }

/** The tax heads that are not zero, each named ("IGST ₹4,320.00"); a dash when all are. */
export function Heads({ value }: { value: TaxHeads }) {
  const parts = (['igst', 'cgst', 'sgst', 'cess'] as const).filter((h) => value[h] !== 0);
  if (parts.length === 0) return <span class="amount">—</span>;
  return (
    <span class="heads">
      {parts.map((h) => <span key={h} class="amount">{h === 'cess' ? 'Cess' : h.toUpperCase()} {formatRupees(value[h])}</span>)}
    </span>
  );
}
