export { contactsService, type ContactsService, type ContactReferenceCounter } from './contacts.service';
export { contactsRoutes } from './contacts.routes';
export { contactsRepository } from './contacts.repository';
