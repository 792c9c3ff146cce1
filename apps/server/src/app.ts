import { existsSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Locale } from '@isf/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { startIntegrations } from './integrations/integrations.js';
import { createFileStorage } from './integrations/storage/file-storage.js';
import { createAgencyService, registerAgencyRoutes } from './modules/agencies/index.js';
import { registerAttachmentRoutes } from './modules/attachments/index.js';
import { registerAuthRoutes } from './modules/auth/index.js';
import { registerBudgetRoutes } from './modules/budgets/index.js';
import { registerCatalogueRoutes } from './modules/catalogue/index.js';
import { registerCompanyRoutes } from './modules/companies/index.js';
import { registerContractRoutes, registerTemplateFileRoutes } from './modules/contracts/index.js';
import { registerDepositRoutes } from './modules/deposits/index.js';
import { registerDocumentOwners, registerDocumentRoutes } from './modules/documents/index.js';
import { registerErpExchange } from './modules/erp-exchange/index.js';
import { registerOracleImputationRoutes } from './modules/erp-imputations/index.js';
import { registerErpProjectRoutes } from './modules/erp-projects/index.js';
import { registerRgWarrantyRoutes } from './modules/erp-rg-warranties/index.js';
import { registerErpUserRoutes } from './modules/erp-users/index.js';
import { registerEvaluationRoutes } from './modules/evaluations/index.js';
import { registerHelpRoutes } from './modules/help/index.js';
import { registerMarketRoutes } from './modules/markets/index.js';
import { registerStatementRoutes } from './modules/monthly-statements/index.js';
import { notifyTaskFailure, registerNotificationRoutes } from './modules/notifications/index.js';
import { registerOrderRoutes } from './modules/orders/index.js';
import { registerPopupRoutes } from './modules/popups/index.js';
import { registerPriceScheduleRoutes } from './modules/price-schedules/index.js';
import { registerProjectRoutes } from './modules/projects/index.js';
import { registerReferenceRoutes } from './modules/reference/index.js';
import { registerRoleRoutes } from './modules/roles/index.js';
import { registerSignatureRoutes, SIGNATURE_WEBHOOK_PATH } from './modules/signatures/index.js';
import { registerTaskRoutes } from './modules/tasks/index.js';
import { registerUserRoutes } from './modules/users/index.js';
import { registerWarrantyRoutes } from './modules/warranties/index.js';
import { registerDelegationRoutes, registerWorkflowEngine, registerWorkflowRoutes } from './modules/workflow/index.js';
import { type DeclaredRoute, registerAccessControl } from './platform/access.js';
import { registerErrorHandler } from './platform/error-handler.js';
import { registerInputGuards } from './platform/input-guards.js';
import { registerJobs } from './platform/jobs/jobs-plugin.js';
import { createPrincipalLoader, type PrincipalLoader } from './platform/principal.js';
import { generateRequestId, registerRequestIdHeader } from './platform/request-id.js';
import { createTokenService, signingSecret, type TokenService } from './platform/tokens.js';
import { registerWebAssets } from './platform/web-assets.js';

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
    tokens: TokenService;
    principals: PrincipalLoader;
    /** The build's locale (ISF_LOCALE): how the CSV exports write numbers. */
    locale: Locale;
  }
}

export type BuildOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** How long a plugin or an `onReady` hook may take (Fastify's `pluginTimeout`; its default otherwise). */
  pluginTimeout?: number;
};

/** Builds the whole application; used by main.ts, the tests and the benchmarks. */
export async function buildApp({ config, database, logger = false, pluginTimeout }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    genReqId: generateRequestId,
    bodyLimit: 20 * 1024 * 1024,
    trustProxy: config.trustProxy,
    ...(pluginTimeout === undefined ? {} : { pluginTimeout }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestIdHeader(app);
  registerInputGuards(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design injects its generated styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(formbody);
  await app.register(multipart);

  const tokens = createTokenService(await signingSecret(database.db, config.jwtSecret), config.tokenTtlSeconds);
  const principals = createPrincipalLoader(database.db);
  app.decorate('tokens', tokens);
  app.decorate('principals', principals);
  app.decorate('locale', config.locale);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, access: { kind: 'public' } };
    }
  });
  app.decorate('declaredRoutes', registerAccessControl(app, { tokens, principals }));

  await app.register(swagger, {
    openapi: { info: { title: 'ISF API', version: config.apiVersion } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const { db } = database;
  // before the modules: they define their job kinds on app.jobs while registering
  registerJobs(app, database, config, { onUnwatchedFailure: (failure) => notifyTaskFailure(db, failure) });
  // before the modules too: they register their work item kinds, guards and post-actions on app.workflow
  const workflow = registerWorkflowEngine(app, db);
  // and their document owners on app.documentOwners
  registerDocumentOwners(app);
  registerAuthRoutes(app, db, { tokens, apiVersion: config.apiVersion, loginRateLimit: config.loginRateLimit });
  registerCatalogueRoutes(app, db);
  registerReferenceRoutes(app, db);
  registerProjectRoutes(app, db);
  registerPriceScheduleRoutes(app, db);
  // one storage for every uploaded file: documents (evaluation attachments and signed copies are
  // documents too) and the help menu's incident attachments
  const storage = createFileStorage(config);
  app.addHook('onClose', () => storage.close());
  registerHelpRoutes(app, db, storage);
  const integrations = await startIntegrations(config);
  app.addHook('onClose', integrations.close);
  const agencyService = createAgencyService(db, integrations.registry, integrations.legalFolder);
  registerCompanyRoutes(app, db, agencyService);
  registerAgencyRoutes(app, db, agencyService);
  registerMarketRoutes(app, db);
  registerContractRoutes(app, db);
  registerTemplateFileRoutes(app, db, storage);
  // before orders and attachments: their Send to ERP and the subcontractor's validation use app.erpExchange
  const erpExchange = registerErpExchange(app, db, integrations.erp, config);
  registerOrderRoutes(app, db);
  registerAttachmentRoutes(app, db);
  registerDepositRoutes(app, db);
  const rgWarranties = registerRgWarrantyRoutes(app, db, integrations.erp);
  registerStatementRoutes(app, db, {
    afterPaid: rgWarranties.statementPaid,
    scheduleMinutes: config.jobWorker ? config.statementScheduleMinutes : 0,
  });
  registerWarrantyRoutes(app, db);
  registerBudgetRoutes(app, db);
  registerErpProjectRoutes(app, db, integrations.erp);
  registerErpUserRoutes(app, db, integrations.erp);
  registerOracleImputationRoutes(app, db, integrations.erp, async (orderId, context) => {
    await erpExchange.sendOrder(orderId, context);
  });
  registerRoleRoutes(app, db);
  registerUserRoutes(app, db);
  registerDocumentRoutes(app, db, storage);
  registerSignatureRoutes(app, db, {
    provider: integrations.signature,
    storage,
    webhookSecret: config.signatureWebhookSecret,
    webhookToleranceSeconds: config.signatureWebhookToleranceSeconds,
  });
  // the local e-signature simulator calls ISF's webhook back once ISF listens
  const signatureSimulator = integrations.signatureSimulator;
  if (signatureSimulator) {
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address && typeof address === 'object') {
        signatureSimulator.setWebhookUrl(`http://127.0.0.1:${address.port}${SIGNATURE_WEBHOOK_PATH}`);
      }
    });
  }
  registerEvaluationRoutes(app, db, storage);
  registerPopupRoutes(app, db);
  registerNotificationRoutes(app, db);
  registerTaskRoutes(app, db);
  registerWorkflowRoutes(app, db, workflow);
  registerDelegationRoutes(app, db);

  if (config.webDistDir && existsSync(path.join(config.webDistDir, 'index.html'))) {
    await registerWebAssets(app, config.webDistDir);
  }
  return app;
}
