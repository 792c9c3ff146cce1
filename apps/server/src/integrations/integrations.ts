import type { AppConfig } from '../config.js';
import type { CompanyRegistry } from './company-registry/company-registry.port.js';
import { createSireneHttpAdapter } from './company-registry/sirene-http-adapter.js';
import { buildSireneSimulator } from './company-registry/sirene-simulator.js';
import type { Erp } from './erp/erp.port.js';
import { createOracleErpHttpAdapter } from './erp/oracle-http-adapter.js';
import { buildOracleErpSimulator, type OracleSimulatorSwitches } from './erp/oracle-simulator.js';
import { E_ATTESTATIONS_SIMULATOR_ACCOUNT } from './legal-folder/e-attestations-fixtures.js';
import { createEAttestationsHttpAdapter } from './legal-folder/e-attestations-http-adapter.js';
import { buildEAttestationsSimulator } from './legal-folder/e-attestations-simulator.js';
import type { LegalFolderService } from './legal-folder/legal-folder.port.js';
import type { SignatureProvider } from './signature/signature.port.js';
import { createYousignHttpAdapter } from './signature/yousign-http-adapter.js';
import { buildYousignSimulator, type YousignSimulator } from './signature/yousign-simulator.js';

export type Integrations = {
  registry: CompanyRegistry;
  erp: Erp;
  legalFolder: LegalFolderService;
  signature: SignatureProvider;
  /** The local e-signature simulator when no provider is configured: it learns ISF's webhook address once ISF listens. */
  signatureSimulator: YousignSimulator | undefined;
  simulatorUrls: { sirene?: string; erp?: string; legalFolder?: string; signature?: string };
  close(): Promise<void>;
};

/** The simulator's Basic credentials when no ERP is configured (it accepts any). */
const ERP_SIMULATOR_CREDENTIALS = { username: 'isf', password: 'simulateur' };

/** The e-Attestations simulator's account and credentials when no platform is configured (it accepts any). */
const LEGAL_FOLDER_SIMULATOR_ACCOUNT = {
  accountId: E_ATTESTATIONS_SIMULATOR_ACCOUNT,
  username: 'isf',
  password: 'simulateur',
};

/** The ERP simulator's switches from the environment (docs/operations.md). */
export function erpSimulatorSwitches(environment: NodeJS.ProcessEnv): OracleSimulatorSwitches {
  const number = (name: string) => Number(environment[name] ?? 0) || 0;
  return {
    latencyMs: number('ERP_SIMULATOR_LATENCY_MS'),
    down: environment.ERP_SIMULATOR_DOWN === '1',
    serverErrorRate: number('ERP_SIMULATOR_ERROR_RATE'),
    timeoutRate: number('ERP_SIMULATOR_TIMEOUT_RATE'),
    hangMs: number('ERP_SIMULATOR_HANG_MS') || undefined,
    receiptProcessingMs: environment.ERP_SIMULATOR_RECEIPT_MS ? number('ERP_SIMULATOR_RECEIPT_MS') : undefined,
    receiptLineRejection: environment.ERP_SIMULATOR_REJECT_RECEIPTS || undefined,
  };
}

/**
 * Connects the external systems through their real HTTP adapters; a system without a configured URL
 * gets its local simulator, started on a free loopback port (DESIGN §7).
 */
export async function startIntegrations(
  config: Pick<
    AppConfig,
    | 'registryUrl'
    | 'registryToken'
    | 'erpUrl'
    | 'erpUsername'
    | 'erpPassword'
    | 'erpTimeoutMs'
    | 'legalFolderUrl'
    | 'legalFolderTokenUrl'
    | 'legalFolderAccountId'
    | 'legalFolderUsername'
    | 'legalFolderPassword'
    | 'signatureUrl'
    | 'signatureApiKey'
    | 'signatureWebhookSecret'
    | 'signatureSimulatorDelayMs'
    | 'signatureSimulatorOutcome'
  >,
): Promise<Integrations> {
  const closers: (() => Promise<void>)[] = [];
  let sireneUrl = config.registryUrl;
  let simulatorUrl: string | undefined;
  if (!sireneUrl) {
    const simulator = buildSireneSimulator({ latencyMs: Number(process.env.REGISTRY_SIMULATOR_LATENCY_MS ?? 0) });
    simulatorUrl = await simulator.listen({ port: Number(process.env.REGISTRY_SIMULATOR_PORT ?? 0), host: '127.0.0.1' });
    closers.push(() => simulator.close());
    sireneUrl = simulatorUrl;
  }
  let erpUrl = config.erpUrl;
  let erpSimulatorUrl: string | undefined;
  if (!erpUrl) {
    const simulator = buildOracleErpSimulator(erpSimulatorSwitches(process.env));
    erpSimulatorUrl = await simulator.listen({ port: Number(process.env.ERP_SIMULATOR_PORT ?? 0), host: '127.0.0.1' });
    closers.push(() => simulator.close());
    erpUrl = erpSimulatorUrl;
  }
  let legalFolderUrl = config.legalFolderUrl;
  let legalFolderSimulatorUrl: string | undefined;
  if (!legalFolderUrl) {
    const simulator = buildEAttestationsSimulator({
      latencyMs: Number(process.env.LEGAL_FOLDER_SIMULATOR_LATENCY_MS ?? 0),
      down: process.env.LEGAL_FOLDER_SIMULATOR_DOWN === '1',
    });
    legalFolderSimulatorUrl = await simulator.listen({
      port: Number(process.env.LEGAL_FOLDER_SIMULATOR_PORT ?? 0),
      host: '127.0.0.1',
    });
    closers.push(() => simulator.close());
    legalFolderUrl = legalFolderSimulatorUrl;
  }
  let signatureUrl = config.signatureUrl;
  let signatureSimulator: YousignSimulator | undefined;
  if (!signatureUrl) {
    signatureSimulator = buildYousignSimulator({
      delayMs: config.signatureSimulatorDelayMs,
      outcome: config.signatureSimulatorOutcome,
      webhookSecret: config.signatureWebhookSecret,
    });
    signatureUrl = await signatureSimulator.app.listen({
      port: Number(process.env.SIGNATURE_SIMULATOR_PORT ?? 0),
      host: '127.0.0.1',
    });
    const simulatorApp = signatureSimulator.app;
    closers.push(() => simulatorApp.close());
  }
  const legalFolderAccount = config.legalFolderUrl
    ? {
        accountId: config.legalFolderAccountId ?? '',
        username: config.legalFolderUsername,
        password: config.legalFolderPassword,
        tokenUrl: config.legalFolderTokenUrl,
      }
    : LEGAL_FOLDER_SIMULATOR_ACCOUNT;
  const erpCredentials = config.erpUrl
    ? { username: config.erpUsername, password: config.erpPassword }
    : ERP_SIMULATOR_CREDENTIALS;
  return {
    registry: createSireneHttpAdapter({ baseUrl: sireneUrl, token: config.registryToken }),
    erp: createOracleErpHttpAdapter({ baseUrl: erpUrl, ...erpCredentials, timeoutMs: config.erpTimeoutMs }),
    legalFolder: createEAttestationsHttpAdapter({ baseUrl: legalFolderUrl, ...legalFolderAccount }),
    signature: createYousignHttpAdapter({ baseUrl: signatureUrl, apiKey: config.signatureApiKey ?? 'simulateur' }),
    signatureSimulator,
    simulatorUrls: {
      sirene: simulatorUrl,
      erp: erpSimulatorUrl,
      legalFolder: legalFolderSimulatorUrl,
      signature: signatureSimulator ? signatureUrl : undefined,
    },
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
