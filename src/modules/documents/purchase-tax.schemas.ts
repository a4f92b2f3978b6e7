import { StringEnum } from '../../http/schema-kit';
import { ITC_BLOCKED_REASONS } from './purchase-tax.rules';

/** A section 17(5) clause, in requests and responses of bills and expenses. */
export const ItcBlockedReason = StringEnum(ITC_BLOCKED_REASONS, 'the CGST Act section 17(5) clause that blocks the credit');
