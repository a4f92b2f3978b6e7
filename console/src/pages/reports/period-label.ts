import { showDate } from '../../format/dates';
import type { Period } from '../../ui/period';

/** A period as a column's heading: 01/06/2026 to 30/06/2026. */
export const periodLabel = (p: Period) => `${showDate(p.from)} to ${showDate(p.to)}`;
