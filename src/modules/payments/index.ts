export { paymentsService, type PaymentsService } from './payments.service';
export { advanceRefundsService, type AdvanceRefundsService } from './advance-refunds.service';
export { paymentsRoutes } from './payments.routes';
export { paymentsLedgerCheck } from './payments.ledger-check';
export { Payment, type CreatePaymentBody } from './payments.schemas';
