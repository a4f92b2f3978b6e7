import type { Database } from '../../db/database';
import { route, type RouteDef } from '../../http/route';
import { Body, Email, IdParam } from '../../http/schema-kit';
import { setOrgSender } from '../../platform/orgs/org-sender';
import { EmailSender } from './email.schemas';

export const SetSenderBody = Body({ email_from: Email });

/** The operator's side of email: the organisation's verified sender address (docs/decisions.md "Email"). */
export function emailAdminRoutes(database: Database): RouteDef[] {
  return [
    route({
      method: 'PUT', url: '/orgs/:org_id/sender', operationId: 'adminSetSender', summary: "Set the organisation's verified email sender", tags: ['Admin'],
      access: 'admin', params: IdParam('org_id'), body: SetSenderBody, message: 'The sender has been set.', response: { sender: EmailSender },
      handle: async ({ params, body }) => ({ sender: await setOrgSender(database, params.org_id, body.email_from) }),
    }),
  ];
}
