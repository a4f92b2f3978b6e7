import { invalidValue } from '../../kernel/errors';
import type { Paise } from '../../kernel/money';
import { children, readTallyXml, textAt, type TallyElement } from './tally-read-xml.rules';
import { tallyAmount } from './tally-read-values.rules';

/** One line of Tally's Trial Balance: a ledger's (or, condensed, a group's) closing balance. */
export interface TallyTrialBalanceRow {
  name: string;
  /** Debit positive. */
  closing: Paise;
}

/**
 * Tally's Trial Balance report exported as XML (docs/rules/tally.md, "Trial Balance"): under ENVELOPE,
 * each line is a DSPACCNAME (DSPDISPNAME, the name) followed by its DSPACCINFO, whose
 * DSPCLDRAMT/DSPCLDRAMTA is the closing debit (written negative) and DSPCLCRAMT/DSPCLCRAMTA the
 * closing credit. Either side is read by its column, whatever its sign. A file without lines, or a
 * malformed one, is 400 on `trial_balance`.
 */
export function readTallyTrialBalance(file: Buffer): TallyTrialBalanceRow[] {
  const envelope = readTallyXml(file, 'trial_balance');
  if (typeof envelope === 'string') throw invalidValue('trial_balance', 'the report has no lines (DSPACCNAME, DSPACCINFO)');
  // Names and amounts alternate; the parser keeps each element name's list apart, so they are paired by position.
  const names = children(envelope, 'DSPACCNAME');
  const infos = children(envelope, 'DSPACCINFO');
  if (names.length === 0 || names.length !== infos.length) {
    throw invalidValue('trial_balance', `the report has ${names.length} DSPACCNAME and ${infos.length} DSPACCINFO: Tally's Trial Balance pairs each name with its amounts`);
  }
  return names.map((element, i) => {
    const name = textAt(element, 'DSPDISPNAME');
    if (name === null) throw invalidValue('trial_balance', `DSPACCNAME ${i + 1} has no DSPDISPNAME`);
    return { name, closing: closingOf(infos[i]!, name) };
  });
}

function closingOf(info: TallyElement, name: string): Paise {
  const debit = Math.abs(tallyAmount(textAt(info, 'DSPCLDRAMT', 'DSPCLDRAMTA'), `${name} DSPCLDRAMTA`, 'trial_balance'));
  const credit = Math.abs(tallyAmount(textAt(info, 'DSPCLCRAMT', 'DSPCLCRAMTA'), `${name} DSPCLCRAMTA`, 'trial_balance'));
  return debit - credit;
}
