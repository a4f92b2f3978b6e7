import { HSN_PATTERN } from '../catalog/hsn.rules';
import { children, textAt, type TallyElement } from './tally-read-xml.rules';
import { tallyPercentCenti } from './tally-read-values.rules';

export interface GstDetails {
  /** A 4, 6 or 8 digit HSN or SAC; null when Tally holds none or another length. */
  hsn: string | null;
  /** The GST rate in hundredths of a per cent (1800 for 18%); null when none is set. */
  rateCenti: number | null;
}

const HSN = new RegExp(HSN_PATTERN);

/**
 * A stock item's or ledger's HSN and GST rate: from its latest GSTDETAILS.LIST (by APPLICABLEFROM),
 * whose STATEWISEDETAILS.LIST/RATEDETAILS.LIST give each duty head's rate; the integrated rate is the
 * GST rate, else central and state added (IGST Act s.5; CGST Act s.9). TallyPrime keeps the HSN in
 * HSNDETAILS.LIST as well.
 */
export function gstDetailsOf(master: TallyElement): GstDetails {
  const details = [...children(master, 'GSTDETAILS.LIST')].sort((a, b) => (textAt(a, 'APPLICABLEFROM') ?? '').localeCompare(textAt(b, 'APPLICABLEFROM') ?? ''));
  const latest = details[details.length - 1];
  const hsnText = (latest && textAt(latest, 'HSNCODE')) ?? textAt(master, 'HSNDETAILS.LIST', 'HSNCODE') ?? textAt(master, 'HSNCODE');
  const hsn = hsnText !== null && HSN.test(hsnText) ? hsnText : null;
  return { hsn, rateCenti: latest ? rateOf(latest) : null };
}

function rateOf(details: TallyElement): number | null {
  const rates = children(details, 'STATEWISEDETAILS.LIST').flatMap((s) => children(s, 'RATEDETAILS.LIST')).map((r) => ({
    head: (textAt(r, 'GSTRATEDUTYHEAD') ?? '').toLowerCase(),
    centi: tallyPercentCenti(textAt(r, 'GSTRATE')),
  }));
  const integrated = rates.find((r) => /integrated|igst/.test(r.head))?.centi;
  if (integrated !== undefined && integrated !== null) return integrated;
  const split = rates.filter((r) => /central|cgst|state|sgst|ut tax|utgst/.test(r.head) && r.centi !== null);
  return split.length === 0 ? null : split.reduce((total, r) => total + r.centi!, 0);
}
