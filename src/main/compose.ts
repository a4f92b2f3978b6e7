import type http from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { describeDriverError } from '../db/driver-errors';
import { whenDatabaseReachable } from '../db/wait-for-database';
import { SettableClock, systemClock, type Clock } from '../kernel/clock';
import { cursorCodec } from '../kernel/cursor';
import { ulidGenerator, type IdGenerator } from '../kernel/ids';
import { buildServer, type ServerDeps } from '../http/server';
import { activityRecorder } from '../platform/activity/activity.recorder';
import { dependents } from '../platform/dependents';
import { establishAdminSecret } from '../platform/auth/admin-secret';
import { tokensService } from '../platform/auth/tokens.service';
import type { PlatformDeps } from '../platform/deps';
import { ForegroundGate } from '../platform/foreground';
import { idempotencyStore, sealedAnswers } from '../platform/idempotency/idempotency.store';
import { establishSealingKey } from '../platform/secrets/sealing-key';
import { secretBox } from '../kernel/secret-box';
import type { Job } from '../platform/jobs/jobs';
import { orgsService } from '../platform/orgs/orgs.service';
import { periodLockService } from '../platform/orgs/period-lock.service';
import { outboxEmitter } from '../platform/outbox/outbox';
import { memoryRateLimiter, postgresRateLimiter } from '../platform/rate-limit/rate-limiter';
import { sharedRateLimiter } from '../platform/rate-limit/shared-rate-limiter';
import { unitOfWork } from '../platform/unit-of-work';
import { measuredJob } from '../platform/metrics/measured-job';
import { prometheusMetrics } from '../platform/metrics/prometheus';
import { webhookAttemptTally } from '../platform/metrics/shared-tally';
import { metricsServer } from '../http/metrics-server';
import { healthRoutes, Readiness } from '../http/health.routes';
import type { RouteDef } from '../http/route';
import { activityAliasRoutes, activityRoutes, activityService } from '../modules/activity';
import { attachmentsRoutes, attachmentsService, downloadLinkSigner, localBlobStore, s3BlobStore } from '../modules/attachments';
import { commentsRepository, commentsRoutes, commentsService } from '../modules/comments';
import { adminRoutes } from '../modules/admin/admin.routes';
import { adminListRoutes } from '../modules/admin/admin-lists.routes';
import { billsLedgerCheck, billsRoutes, billsService, CreateBillBody } from '../modules/bills';
import { billsOfEntryRoutes, billsOfEntryService } from '../modules/bills-of-entry';
import { itcReversalsRoutes, itcReversalsService } from '../modules/itc-reversals';
import { tallyReconciliationRoutes, tallyReconciliationService } from '../modules/tally';
import { openingBalancesRoutes, openingBalancesService } from '../modules/opening-balances';
import { Bill } from '../modules/bills/bills.schemas';
import {
  autoMatchOnImport, bankLinesRoutes, bankLinesService, bankReconciliationRoutes, bankReconciliationService, bankRulesRoutes, bankRulesService, createFromLineRoutes,
  createFromLineService, matchRoutes, matchService, statementImportService, statementsRoutes,
} from '../modules/banking';
import { bulkRoute } from '../modules/bulk';
import { advanceRefundsService, paymentsLedgerCheck, paymentsRoutes, paymentsService } from '../modules/payments';
import { catalogRoutes, catalogService } from '../modules/catalog';
import { contactsRoutes, contactsService } from '../modules/contacts';
import { creditNotesRoutes } from '../modules/credit-notes';
import { debitNotesRoutes } from '../modules/debit-notes';
import { CREDIT_NOTES, DEBIT_NOTES, notesLedgerCheck, notesService } from '../modules/notes';
import { documentLoaders, emailAdminRoutes, emailRoutes, emailService, emlFileMailer, smtpMailer } from '../modules/email';
import { estimatesRoutes, estimatesService } from '../modules/estimates';
import { CreateExpenseBody, expensesLedgerCheck, expensesRoutes, expensesService } from '../modules/expenses';
import { identityRoutes } from '../modules/identity/identity.routes';
import { CreateInvoiceBody, invoicesLedgerCheck, invoicesRoutes, invoicesService } from '../modules/invoices';
import { einvoiceRoutes, einvoiceService, irnService } from '../modules/einvoice';
import { challanEWayBill, deliveryChallansRoutes, deliveryChallansService } from '../modules/delivery-challans';
import { gspRoutes, gspService, outboxProvider, type GspProvider } from '../modules/gsp';
import { ewayBillBulkFiles, ewayBillBulkRoutes, ewayBillRoutes, ewayBillService, ewayBillSources } from '../modules/ewaybill';
import { branchesOfGstin, filedReturnsRoutes, filedReturnsService, gstr1Routes, gstr3bRoutes, gstReportRoutes, gstReportsService } from '../modules/gst-reports';
import { gstr2bItcBasis, gstr2bRoutes, gstr2bService, imsActionsRoutes, imsActionsService, reconciliationRoutes, reconciliationService } from '../modules/itc-reconciliation';
import { Invoice } from '../modules/invoices/invoices.schemas';
import { financialStatements, financialStatementsRoutes } from '../modules/financial-statements';
import { exportsRoutes, ledgerExports } from '../modules/exports';
import { tallyExports, tallyOutRoutes } from '../modules/tally';
import { ledgerBooksRoutes } from '../modules/ledger-reports';
import { ageingRoutes, ageingService } from '../modules/ageing';
import { dashboardRoutes, dashboardService } from '../modules/dashboard';
import { CreateJournalBody, ledgerReports, ledgerRoutes, ledgerService, type LedgerReports } from '../modules/ledger';
import { lruPdfCache, pdfsRoutes, pdfsService } from '../modules/pdfs';
import { purchaseOrdersRoutes, purchaseOrdersService } from '../modules/purchase-orders';
import { purchaseTaxRoutes } from '../modules/purchase-tax';
import { salesOrdersRoutes, salesOrdersService } from '../modules/sales-orders';
import { recurringRoutes, recurringService } from '../modules/recurring';
import { seriesRoutes, seriesService } from '../modules/series';
import { sealedSigningSecrets, webhookQueueDepths, webhooksRoutes, webhooksService, type Resolver } from '../modules/webhooks';
import { supervisorChannel } from './server-processes';
import { composeDeliveryWorker, deliveryThreadJob, webhookSender } from './webhook-deliveries';
import { loadGspAdapter } from './gsp-provider-module';
import { importCreators } from './import-creators';
import { tallyImportReader } from './tally-import-reader';
import { importRunner, importsRoutes, importsService, unitReaders } from '../modules/imports';
import { loggerOptions } from './logger-options';
import { activityAliases } from './activity-aliases';

/** Rendered PDFs kept per process (docs/decisions.md "PDFs"): a few hundred invoices' worth. */
const PDF_CACHE_BYTES = 64 * 1024 * 1024;

export interface Overrides {
  clock?: Clock;
  ids?: IdGenerator;
  logger?: FastifyServerOptions['logger'];
  /** How webhook hosts resolve (tests: a name whose answer changes between registration and send). */
  webhookResolver?: Resolver;
  /** `npm start`: webhook deliveries are sent from a worker thread, off the API's event loop (webhook-deliveries.ts). */
  deliveriesOnThread?: boolean;
  /** Passes some requests elsewhere before Fastify sees them (a peer's writes to the lead: write-forwarding.ts). */
  routeRequests?: ServerDeps['routeRequests'];
  /** The e-invoice and e-way bill provider instead of BAHI_EINVOICE_PROVIDER's (tests: the IRP sandbox double). */
  gspProvider?: GspProvider;
}

export interface App {
  server: FastifyInstance;
  deps: PlatformDeps;
  database: Database;
  orgs: ReturnType<typeof orgsService>;
  /** Trial balance and the whole-book check behind `bahi ledger verify`. */
  reports: LedgerReports;
  tokens: ReturnType<typeof tokensService>;
  jobs: readonly Job[];
  /** Every route the server serves, with its access rule: tests prove deny-by-default over this list. */
  routes: readonly RouteDef[];
  /** Set on SIGTERM: /readyz answers 503 from then on. */
  readiness: Readiness;
  /** The admin secret when this start generated it (first start without BAHI_ADMIN_TOKEN): print it once. */
  mintedAdminToken: string | null;
  close(): Promise<void>;
}

/** The composition root: the only place concrete dependencies are built and wired. */
export async function composeApp(config: Config, overrides: Overrides = {}): Promise<App> {
  const clock = overrides.clock ?? (config.fakeClock ? new SettableClock(systemClock) : systemClock);
  const ids = overrides.ids ?? ulidGenerator(clock);
  const database = openDatabase({
    databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.pgPoolSize,
  });
  const startLog = pino({ level: config.logLevel, name: 'start-up' });
  await whenDatabaseReachable(() => database.migrate(), {
    waitSeconds: config.dbWaitSeconds,
    onRetry: (err, delayMs, waitedMs) => startLog.warn({ cause: describeDriverError(err), delayMs, waitedMs, waitSeconds: config.dbWaitSeconds }, 'database unreachable; retrying'),
  });

  // First: PostgreSQL without BAHI_SECRET stops here, before the admin token is made.
  const serverSecret = await establishSealingKey(database, {
    configured: config.secret, dataDir: config.dataDir, log: startLog,
    // Every column sealed under the server secret (platform/secrets/sealed-values.ts).
    sealed: [sealedSigningSecrets, sealedAnswers],
  }).catch(async (refusal: unknown) => {
    await database.close();
    throw refusal;
  });
  const admin = await establishAdminSecret(database, config.adminToken);
  const cursors = cursorCodec(serverSecret);
  const idempotency = idempotencyStore(database, clock, secretBox(serverSecret, 'idempotency-answers'));
  const rateLimiter = config.databaseUrl ? postgresRateLimiter(config.databaseUrl, clock)
    : config.processes > 1 ? sharedRateLimiter(clock, supervisorChannel()) : memoryRateLimiter(clock);
  // BAHI_METRICS=1: everything is measured into one registry. Otherwise nothing is registered or measured.
  const webhookAttempts = config.metrics ? webhookAttemptTally() : undefined;
  const metrics = webhookAttempts && prometheusMetrics({ pool: database.poolStats, queueDepths: () => webhookQueueDepths(database.db), webhookAttempts });
  const deps: PlatformDeps = {
    database, clock, ids, cursors, idempotency, rateLimiter,
    uow: unitOfWork(database, idempotency, metrics),
    activity: activityRecorder(clock, ids),
    events: outboxEmitter(clock, ids),
    // A deleted document takes its comments with it.
    dependents: dependents([commentsRepository.deleteForEntity]),
  };

  const orgs = orgsService(deps);
  const periodLocks = periodLockService(deps);
  const tokens = tokensService(deps);
  const catalog = catalogService(deps);
  const activity = activityService({ db: database.db });
  const series = seriesService({ ...deps, log: pino({ level: config.logLevel, name: 'numbering' }) });
  const ledger = ledgerService({ ...deps, series });
  const reports = ledgerReports(database.db, [expensesLedgerCheck, invoicesLedgerCheck, billsLedgerCheck, paymentsLedgerCheck, notesLedgerCheck(CREDIT_NOTES), notesLedgerCheck(DEBIT_NOTES)]);
  const einvoices = einvoiceService(database.db, clock);
  const ewayBills = ewayBillService(database.db);
  const irns = irnService({ ...deps, einvoices });
  // No request leaves the machine unless the operator names an adapter: the outbox only writes files.
  const gspProvider = overrides.gspProvider ?? (config.einvoiceProvider === 'outbox'
    ? outboxProvider(config.dataDir, clock)
    : await loadGspAdapter(config.einvoiceProvider.module, { dataDir: config.dataDir, clock }).catch(async (refusal: unknown) => {
      await database.close();
      throw refusal;
    }));
  const invoices = invoicesService({ ...deps, ledger, series });
  const bills = billsService({ ...deps, ledger, series });
  const payments = paymentsService({ ...deps, ledger, series, invoices, bills });
  const advanceRefunds = advanceRefundsService({ ...deps, ledger, series });
  const expenses = expensesService({ ...deps, ledger, series });
  const billsOfEntry = billsOfEntryService({ ...deps, ledger, series });
  const salesOrders = salesOrdersService({ ...deps, series, invoices });
  const estimates = estimatesService({ ...deps, series, salesOrders });
  const purchaseOrders = purchaseOrdersService({ ...deps, series, bills });
  const creditNotes = notesService(CREDIT_NOTES, { ...deps, ledger, series, invoices, bills });
  const debitNotes = notesService(DEBIT_NOTES, { ...deps, ledger, series, invoices, bills });
  const deliveryChallans = deliveryChallansService({ ...deps, series });
  const challanEWayBills = challanEWayBill(database.db, ewayBills);
  const ewaySources = ewayBillSources(database.db, ewayBills, challanEWayBills);
  const contacts = contactsService({
    ...deps, referenceCounters: [invoices.countForContact, bills.countForContact, payments.countForContact, estimates.countForContact, salesOrders.countForContact, expenses.countForContact,
      purchaseOrders.countForContact, creditNotes.countForContact, debitNotes.countForContact, deliveryChallans.countForContact],
  });
  const comments = commentsService({
    ...deps,
    parents: {
      INVOICE: invoices.lockLive, BILL: bills.lockLive, ESTIMATE: estimates.lockLive, CREDIT_NOTE: creditNotes.lockLive,
      DEBIT_NOTE: debitNotes.lockLive, SALES_ORDER: salesOrders.lockLive, PURCHASE_ORDER: purchaseOrders.lockLive,
      PAYMENT: payments.lockLive, RECEIPT: (tx, orgId, id) => payments.lockLive(tx, orgId, id, 'INCOMING'),
      EXPENSE: expenses.lockLive, JOURNAL: ledger.lockLive,
    },
  });
  // Set once the server listens: without BAHI_PUBLIC_URL, download links use the address it bound.
  let listening: FastifyInstance | null = null;
  const attachments = attachmentsService({
    ...deps,
    store: config.s3 ? s3BlobStore(config.s3) : localBlobStore(config.filesDir),
    links: downloadLinkSigner(serverSecret),
    publicUrl: () => config.publicUrl ?? boundUrl(listening, config),
  });
  const pdfs = pdfsService({ ...deps, cache: lruPdfCache(PDF_CACHE_BYTES) });
  // BAHI_SMTP_URL holds credentials: it goes to the transport and nowhere else (never logged).
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl) : emlFileMailer(path.join(config.dataDir, 'mail'));
  const email = emailService({ ...deps, documents: documentLoaders({ invoices, estimates, creditNotes }), pdfs, mailer });
  const webhooks = webhooksService({ ...deps, secrets: secretBox(serverSecret, 'webhook-signing-secrets'), sender: webhookSender(webhookAttempts), allowPrivate: config.webhookAllowPrivate, resolver: overrides.webhookResolver });
  const foreground = new ForegroundGate();
  const readiness = new Readiness();
  const delivery = {
    database, clock, ids, serverSecret, foreground, allowPrivate: config.webhookAllowPrivate,
    busySendsPerSecond: config.webhookBusySendsPerSecond, resolver: overrides.webhookResolver, attempts: webhookAttempts,
  };
  const deliveries: Job & { close?(): Promise<void> } = overrides.deliveriesOnThread
    ? deliveryThreadJob({ ...delivery, databaseUrl: config.databaseUrl, dataDir: config.dataDir, niceSteps: config.workerThreadNice })
    : composeDeliveryWorker(delivery);
  const recurring = recurringService({
    ...deps,
    generators: {
      INVOICE: async (tx, ctx, payload, { autoCharge }) => (await invoices.createInTx(tx, ctx, payload as CreateInvoiceBody, { withPaymentLink: autoCharge })).invoice.invoice_id,
      BILL: async (tx, ctx, payload) => (await bills.createInTx(tx, ctx, payload as CreateBillBody)).bill.bill_id,
      EXPENSE: async (tx, ctx, payload) => (await expenses.createInTx(tx, ctx, payload as CreateExpenseBody)).expense.expense_id,
      JOURNAL: async (tx, ctx, payload) => (await ledger.createJournalInTx(tx, ctx, payload as CreateJournalBody)).journal.journal_id,
    },
  });
  const createFromLine = createFromLineService({ ...deps, payments, expenses, ledger });
  const bankRules = bankRulesService({ ...deps, createFromLine });
  // After a statement's lines are stored: the rules make what they say, then auto-matching takes what is left.
  const statements = statementImportService({ ...deps, afterImport: [bankRules.afterImport, autoMatchOnImport(deps)] });
  const openingBalances = openingBalancesService({ ...deps, ledger, series });
  const ageing = ageingService({ db: database.db, clock });
  const importReaders = unitReaders(tallyImportReader(database.db));
  const imports = importRunner({
    ...deps, readers: importReaders, batchRows: config.importBatchRows, log: pino({ level: config.logLevel, name: 'imports' }),
    creators: importCreators({ contacts, catalog, orgs, invoices, bills, creditNotes, debitNotes, payments, expenses, ledger, openingBalances }),
  });
  const jobs: Job[] = [
    { name: 'idempotency_keys_expired', run: () => idempotency.purgeExpired() },
    { name: 'rate_limit_windows_expired', run: () => rateLimiter.purgeExpired() },
    recurring.job,
    imports.job,
    // Last, so one run delivers the events the jobs before it emitted.
    deliveries,
  ].map((job) => (metrics ? measuredJob(job, metrics) : job));

  const routes = [
    ...healthRoutes(database, clock, readiness),
    ...identityRoutes(database.db),
    ...contactsRoutes(contacts),
    ...catalogRoutes(catalog),
    ...ledgerRoutes(ledger, database.db),
    ...financialStatementsRoutes(financialStatements({ db: database.db, clock, ledgerReports: reports })),
    ...exportsRoutes(ledgerExports({ db: database.db, clock })),
    ...tallyOutRoutes(tallyExports({ db: database.db, clock })),
    ...ledgerBooksRoutes({ db: database.db, clock, cursors }),
    ...ageingRoutes(ageing),
    ...dashboardRoutes(dashboardService({ db: database.db, clock, ageing })),
    ...purchaseTaxRoutes(database.db),
    ...seriesRoutes(series),
    ...invoicesRoutes(invoices),
    ...estimatesRoutes(estimates),
    ...salesOrdersRoutes(salesOrders),
    ...deliveryChallansRoutes(deliveryChallans, challanEWayBills),
    ...expensesRoutes(expenses),
    bulkRoute({
      path: '/bulk/invoices', operationId: 'bulkCreateInvoices', access: 'Svc.invoices.CREATE',
      collectionKey: 'invoices', resourceKey: 'invoice', rowSchema: CreateInvoiceBody, resourceSchema: Invoice, completedEvent: 'INVOICE_BULK_CREATED',
      create: (ctx, row) => invoices.createInvoice(ctx, row),
    }, deps),
    ...billsRoutes(bills),
    ...billsOfEntryRoutes(billsOfEntry),
    ...paymentsRoutes(payments, advanceRefunds),
    bulkRoute({
      path: '/bulk/bills', operationId: 'bulkCreateBills', access: 'Svc.bills.CREATE',
      collectionKey: 'bills', resourceKey: 'bill', rowSchema: CreateBillBody, resourceSchema: Bill, completedEvent: 'BILL_BULK_CREATED',
      create: (ctx, row) => bills.createBill(ctx, row),
    }, deps),
    ...purchaseOrdersRoutes(purchaseOrders),
    ...creditNotesRoutes(creditNotes),
    ...einvoiceRoutes(einvoices, irns),
    ...ewayBillRoutes(ewayBills),
    ...ewayBillBulkRoutes(ewayBillBulkFiles(ewaySources)),
    ...gspRoutes(gspService({ ...deps, einvoices, irns, ewayBillSources: ewaySources, provider: gspProvider })),
    ...gstReportRoutes(gstReportsService(database.db)),
    ...gstr3bRoutes(database.db, gstr2bItcBasis(database.db)),
    ...itcReversalsRoutes(itcReversalsService({ ...deps, ledger })),
    ...tallyReconciliationRoutes(tallyReconciliationService(deps)),
    ...openingBalancesRoutes(openingBalances),
    ...gstr1Routes(database.db),
    ...filedReturnsRoutes(filedReturnsService(deps)),
    ...imsActionsRoutes(imsActionsService(deps, branchesOfGstin)),
    ...gstr2bRoutes(gstr2bService(deps)),
    ...reconciliationRoutes(reconciliationService(deps)),
    ...bankReconciliationRoutes(bankReconciliationService(deps)),
    ...createFromLineRoutes(createFromLine),
    ...bankRulesRoutes(bankRules),
    ...matchRoutes(matchService(deps)),
    ...debitNotesRoutes(debitNotes),
    ...activityRoutes(activity),
    ...activityAliasRoutes(activity, database.db, activityAliases({
      invoices, payments, bills, estimates, salesOrders, purchaseOrders, expenses, creditNotes, debitNotes,
    })),
    ...pdfsRoutes(pdfs),
    ...emailRoutes(email),
    ...webhooksRoutes(webhooks),
    ...recurringRoutes(recurring),
    ...commentsRoutes(comments),
    ...attachmentsRoutes(attachments),
    ...statementsRoutes(statements),
    ...importsRoutes(importsService({ ...deps, readers: importReaders, runner: imports })),
    ...bankLinesRoutes(bankLinesService({ ...deps, statements })),
    ...adminRoutes({ orgs, periodLocks, tokens, clock, jobs }),
    ...adminListRoutes({ database, cursors }),
    ...emailAdminRoutes(database),
  ];

  // On the API's port unless BAHI_METRICS_PORT names another.
  const metricsPort = config.metrics?.port !== config.port ? config.metrics?.port : undefined;
  const server = await buildServer({
    database, ids, idempotency, routes, tokens, rateLimiter, foreground,
    verifyAdmin: admin.verify,
    bodyLimitBytes: config.bodyLimitBytes,
    logger: loggerOptions(config, overrides.logger),
    routeRequests: overrides.routeRequests,
    readiness,
    metrics,
    metricsRoute: metricsPort === undefined ? metrics : undefined,
    publicUrl: config.publicUrl,
  });
  if (metrics && metricsPort !== undefined) openAlongside(server, metricsServer(metrics), config.host, metricsPort);

  listening = server;

  return {
    server, deps, database, orgs, tokens, jobs, routes, reports, readiness,
    mintedAdminToken: admin.minted,
    async close() {
      await server.close();
      await imports.idle();
      await deliveries.close?.();
      mailer.close();
      await rateLimiter.close();
      await database.close();
    },
  };
}

/**
 * BAHI_METRICS_PORT's server listens once the API's is ready (a port in use stops the start, as
 * the API's own would) and closes with it, scrapers' keep-alive connections included.
 */
function openAlongside(server: FastifyInstance, metrics: http.Server, host: string, port: number): void {
  server.addHook('onReady', () => new Promise<void>((resolve, reject) => {
    metrics.once('error', reject).listen(port, host, resolve);
  }));
  server.addHook('onClose', () => new Promise<void>((resolve) => {
    metrics.closeAllConnections();
    metrics.close(() => resolve());
  }));
}

/** http://HOST:PORT as the server actually bound it (PORT 0 picks a free port, as the tests do). */
function boundUrl(server: FastifyInstance | null, config: Config): string {
  const address = server?.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  return `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
}
