export { gspService } from './gsp.service';
export { gspRoutes } from './gsp.routes';
export { outboxProvider, EINVOICE_OUTBOX, EWAYBILL_OUTBOX } from './outbox-provider';
export { irpSandboxDouble } from './irp-sandbox-double';
export type { GspProvider } from './gsp.provider';
