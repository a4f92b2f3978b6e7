export { emailService, type EmailService } from './email.service';
export { emailRoutes } from './email.routes';
export { emailAdminRoutes } from './email-admin.routes';
export { documentLoaders } from './email.documents';
export type { DocumentPdfSource } from './email.ports';
export { emlFileMailer, smtpMailer, type Mailer } from './mailers';
