import { Type } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';

/** The token a request was made with, as GET /whoami shows it (never its secret). */
export const CallingToken = Named('CallingToken', Strict({
  token_id: Type.String(),
  org_id: NullableOf(Type.String({ description: 'The organisation this request acts in (X-Svc-Org when the token reaches several); null when a token reaching several named none, which only GET /whoami allows' })),
  user_id: NullableOf(Type.String({ description: 'The user the token acts for; null for a token bound to no user' })),
  scopes: Type.Array(Type.String()),
  tier: Type.String({ description: 'The tier the token was issued with: DEFAULT unless the operator chose another' }),
}, 'The calling token.'));

/** An organisation the calling token reaches, as GET /whoami lists it (to choose X-Svc-Org by name). */
export const ReachableOrganisation = Named('ReachableOrganisation', Strict({
  org_id: Type.String(),
  name: Type.String(),
  gstin: NullableOf(Type.String({ description: 'Its GSTIN; null for an organisation not registered for GST' })),
  state_code: NullableOf(Type.String({ description: 'Its state, as IN-KA' })),
  lock_date: NullableOf(Type.String({ format: 'date', description: 'The last day of its books the operator has locked (nothing dated on or before it may be written); null when unlocked' })),
  is_current: Type.Boolean({ description: 'Whether it is the organisation this request acts in' }),
}, 'An organisation the calling token reaches.'));
