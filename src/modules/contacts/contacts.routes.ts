import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { Contact, CreateContactBody, ListContactsQuery, UpdateContactBody } from './contacts.schemas';
import type { ContactsService } from './contacts.service';

const tags = ['Contacts'];
const ContactIdParam = IdParam('contact_id');

export function contactsRoutes(contacts: ContactsService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/contacts', operationId: 'listContacts', summary: 'List contacts', tags,
      access: 'Svc.contacts.READ', query: ListContactsQuery, response: { contacts: Type.Array(Contact), page_context: PageContext },
      handle: ({ ctx, query }) => contacts.listContacts(ctx, query),
    }),
    route({
      method: 'GET', url: '/contacts/:contact_id', operationId: 'getContact', summary: 'Get a contact', tags,
      access: 'Svc.contacts.READ', params: ContactIdParam, response: { contact: Contact },
      handle: ({ ctx, params }) => contacts.getContact(ctx, params.contact_id),
    }),
    route({
      method: 'POST', url: '/contacts', operationId: 'createContact', summary: 'Create a contact', tags,
      access: 'Svc.contacts.CREATE', body: CreateContactBody, status: 201, message: 'The contact has been created.', response: { contact: Contact },
      handle: ({ ctx, body }) => contacts.createContact(ctx, body),
    }),
    route({
      method: 'PUT', url: '/contacts/:contact_id', operationId: 'updateContact', summary: 'Update a contact (partial merge)', tags,
      access: 'Svc.contacts.UPDATE', params: ContactIdParam, body: UpdateContactBody, message: 'The contact has been updated.', response: { contact: Contact },
      handle: ({ ctx, params, body }) => contacts.updateContact(ctx, params.contact_id, body),
    }),
    route({
      method: 'POST', url: '/contacts/:contact_id/archive', operationId: 'archiveContact', summary: 'Archive a contact', tags,
      access: 'Svc.contacts.UPDATE', params: ContactIdParam, message: 'The contact has been archived.', response: { contact: Contact },
      handle: ({ ctx, params }) => contacts.archiveContact(ctx, params.contact_id),
    }),
    route({
      method: 'DELETE', url: '/contacts/:contact_id', operationId: 'deleteContact', summary: 'Delete a contact without posted documents', tags,
      access: 'Svc.contacts.DELETE', params: ContactIdParam, message: 'The contact has been deleted.', response: { contact_id: Type.String() },
      handle: ({ ctx, params }) => contacts.deleteContact(ctx, params.contact_id),
    }),
  ];
}
