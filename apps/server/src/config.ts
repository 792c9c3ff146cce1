import path from 'node:path';
import { type Locale, parseLocale } from '@isf/contract';
import type { S3StorageOptions } from './integrations/storage/s3-storage.js';

/** Shortest JWT_SECRET production accepts (32 random bytes written as base64 are 44 characters). */
export const MIN_JWT_SECRET_LENGTH = 32;
/**
 * The e-signature webhook secret outside production, when SIGNATURE_WEBHOOK_SECRET is unset: shared by ISF
 * and its local simulator. Written here, anyone could sign a webhook with it, so production refuses it.
 */
export const DEVELOPMENT_SIGNATURE_WEBHOOK_SECRET = 'isf-signature-webhook-secret-change-me';
/** Shortest SIGNATURE_WEBHOOK_SECRET production accepts. */
export const MIN_SIGNATURE_WEBHOOK_SECRET_LENGTH = 24;

export type AppConfig = {
  /** ISF_LOCALE, as the web build reads it: the number format of the CSV exports (fr by default). */
  locale: Locale;
  port: number;
  host: string;
  dataDir: string;
  /** The embedded database's page cache (PGLITE_SHARED_BUFFERS, e.g. `16MB`); unused with DATABASE_URL. */
  pgliteSharedBuffers: string;
  /**
   * Where uploaded files live (STORAGE): `<dataDir>/documents` by default, an S3-compatible bucket with
   * STORAGE=s3 (what several API processes must share).
   */
  storage: StorageConfig;
  databaseUrl: string | undefined;
  /** Connections each process may open to PostgreSQL (DATABASE_POOL_SIZE, docs/operations.md). */
  databasePoolSize: number;
  /** Unset: a random secret kept in the database (platform/tokens.ts); required in production. */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  loginRateLimit: number;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For gives the client address (addresses or CIDR
   * ranges, comma-separated); unset, the socket's address is the client's.
   */
  trustProxy: string | false;
  /** SEED_DEMO=1 loads the demo data on a DATABASE_URL database (always done on the embedded one). */
  seedDemo: boolean;
  webDistDir: string | undefined;
  logLevel: string;
  apiVersion: string;
  /** Take background jobs in this process (JOB_WORKER=false leaves them to `npm run worker`). */
  jobWorker: boolean;
  /** pg-boss polling interval of each job queue, in seconds (at least 0.5). */
  jobPollSeconds: number;
  /** How long a request waits for a job it runs (runAndWait) before answering 504 with the task id. */
  jobWaitTimeoutMs: number;
  /** INSEE Sirene API; unset starts the local simulator. */
  registryUrl: string | undefined;
  registryToken: string | undefined;
  /** Oracle Fusion Cloud (ERP) base URL; unset starts the local simulator. */
  erpUrl: string | undefined;
  erpUsername: string | undefined;
  erpPassword: string | undefined;
  /** How long one ERP call may take before it counts as unanswered (ERP_TIMEOUT_MS). */
  erpTimeoutMs: number;
  /** Retries of an order or receipt send after its first attempt, with exponential backoff from the delay. */
  erpSendRetries: number;
  erpSendRetryDelaySeconds: number;
  /** How long one attempt of a send may run before pg-boss counts it as lost (a worker that died). */
  erpSendExpireSeconds: number;
  /** pg-boss maintenance (lost jobs expired and retried, archives) every so many seconds. */
  jobMaintenanceSeconds: number;
  /**
   * A running task shows a sign of life every quarter of this; past it without one, its worker is taken
   * for dead and the job is retried, or ends FAILED after its last attempt (JOB_LEASE_SECONDS).
   */
  jobLeaseSeconds: number;
  /**
   * This process is the only one on its database (the embedded database, held under its data-directory
   * lock): at start, the tasks left running are a dead process's and are released at once. Set by
   * `main.ts`, not from the environment.
   */
  jobSoleProcess: boolean;
  /**
   * How often a process that takes jobs looks for the projects whose monthly statement generation day has
   * come (STATEMENT_SCHEDULE_MINUTES, 0: never).
   */
  statementScheduleMinutes: number;
  /** e-Attestations (legal folder follow-up) base URL; unset starts the local simulator. */
  legalFolderUrl: string | undefined;
  /** Its OpenID Connect token endpoint, when not the platform's usual path under the base URL. */
  legalFolderTokenUrl: string | undefined;
  legalFolderAccountId: string | undefined;
  legalFolderUsername: string | undefined;
  legalFolderPassword: string | undefined;
  /** Yousign API v3 base URL (https://api.yousign.app/v3); unset starts the local simulator. */
  signatureUrl: string | undefined;
  signatureApiKey: string | undefined;
  /** The secret the provider signs its webhooks with (HMAC-SHA256); the simulator uses it too. */
  signatureWebhookSecret: string;
  /** How old (seconds) a webhook event may be before it is refused as a replay. */
  signatureWebhookToleranceSeconds: number;
  /** The simulator's delay before completing a request (0 or less: never by itself). */
  signatureSimulatorDelayMs: number;
  /** The simulator's outcome: done, declined or expired. */
  signatureSimulatorOutcome: 'done' | 'declined' | 'expired';
};

export type StorageConfig = { kind: 'directory' } | ({ kind: 's3' } & S3StorageOptions);

const repositoryRoot = path.resolve(new URL('.', import.meta.url).pathname, '../../..');

/**
 * The settings production cannot run without: the reasons it refuses to start, empty when none
 * (NODE_ENV=production needs a JWT_SECRET of at least MIN_JWT_SECRET_LENGTH characters, and its own
 * SIGNATURE_WEBHOOK_SECRET: the webhook is public, the development default would let anyone sign one).
 */
export function productionRefusals(environment: NodeJS.ProcessEnv): string[] {
  if (environment.NODE_ENV !== 'production') {
    return [];
  }
  const refusals: string[] = [];
  if ((environment.JWT_SECRET ?? '').length < MIN_JWT_SECRET_LENGTH) {
    refusals.push(
      `NODE_ENV=production needs JWT_SECRET of at least ${MIN_JWT_SECRET_LENGTH} characters (e.g. openssl rand -base64 48).`,
    );
  }
  const webhookSecret = environment.SIGNATURE_WEBHOOK_SECRET ?? '';
  if (webhookSecret.length < MIN_SIGNATURE_WEBHOOK_SECRET_LENGTH || webhookSecret === DEVELOPMENT_SIGNATURE_WEBHOOK_SECRET) {
    refusals.push(
      `NODE_ENV=production needs SIGNATURE_WEBHOOK_SECRET of at least ${MIN_SIGNATURE_WEBHOOK_SECRET_LENGTH} characters, not the development default (the signing secret of the e-signature provider's webhooks).`,
    );
  }
  return refusals;
}

function enabled(value: string | undefined): boolean {
  return ['1', 'true', 'yes'].includes((value ?? '').trim().toLowerCase());
}

/** STORAGE and its S3_* settings (docs/operations.md); a wrong setting stops the start with its reason. */
export function storageConfig(environment: NodeJS.ProcessEnv): StorageConfig {
  const kind = (environment.STORAGE ?? '').trim().toLowerCase();
  if (kind === '' || kind === 'directory') {
    return { kind: 'directory' };
  }
  if (kind !== 's3') {
    throw new Error(`STORAGE must be "directory" (the default) or "s3", not "${environment.STORAGE}".`);
  }
  const bucket = environment.S3_BUCKET?.trim() ?? '';
  if (!bucket) {
    throw new Error('STORAGE=s3 needs S3_BUCKET (the bucket that holds the uploaded files).');
  }
  const endpoint = environment.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !URL.canParse(endpoint)) {
    throw new Error(`S3_ENDPOINT must be a URL such as https://s3.example.net, not "${endpoint}".`);
  }
  const accessKeyId = environment.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = environment.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the AWS SDK then finds them).');
  }
  const prefix = (environment.S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  return {
    kind: 's3',
    endpoint,
    region: environment.S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: enabled(environment.S3_FORCE_PATH_STYLE),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}

function trustedProxies(value: string | undefined): string | false {
  const text = value?.trim() ?? '';
  return text === '' || text === 'false' ? false : text;
}

/**
 * 16MB by default: the demo and a small company's data fit, and an idle server stays near 250 MB
 * (docs/performance.md, "Memory"); a large embedded database may ask for more.
 */
function sharedBuffers(value: string | undefined): string {
  const text = (value ?? '').trim() || '16MB';
  if (!/^[1-9][0-9]*(kB|MB|GB)$/.test(text)) {
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 16MB (got "${value}").`);
  }
  return text;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const refusals = productionRefusals(environment);
  if (refusals.length > 0) {
    throw new Error(refusals.join('\n'));
  }
  return {
    locale: parseLocale(environment.ISF_LOCALE),
    port: Number(environment.PORT ?? 8080),
    host: environment.HOST ?? '0.0.0.0',
    dataDir: path.resolve(environment.DATA_DIR ?? path.join(repositoryRoot, 'data')),
    pgliteSharedBuffers: sharedBuffers(environment.PGLITE_SHARED_BUFFERS),
    storage: storageConfig(environment),
    databaseUrl: environment.DATABASE_URL || undefined,
    databasePoolSize: Math.max(2, Math.trunc(Number(environment.DATABASE_POOL_SIZE ?? 10)) || 10),
    jwtSecret: environment.JWT_SECRET || undefined,
    tokenTtlSeconds: Number(environment.TOKEN_TTL_SECONDS ?? 8 * 3600),
    loginRateLimit: Number(environment.LOGIN_RATE_LIMIT ?? 20),
    trustProxy: trustedProxies(environment.TRUST_PROXY),
    seedDemo: ['1', 'true', 'yes'].includes((environment.SEED_DEMO ?? '').toLowerCase()),
    webDistDir: environment.WEB_DIST_DIR ?? path.join(repositoryRoot, 'apps/web/dist'),
    logLevel: environment.LOG_LEVEL ?? 'info',
    apiVersion: environment.API_VERSION ?? '2025.10.20',
    jobWorker: !['false', '0', 'no'].includes((environment.JOB_WORKER ?? '').toLowerCase()),
    jobPollSeconds: Math.max(0.5, Number(environment.JOB_POLL_SECONDS ?? 2) || 2),
    jobWaitTimeoutMs: Number(environment.JOB_WAIT_TIMEOUT_MS ?? 60_000) || 60_000,
    registryUrl: environment.REGISTRY_URL || undefined,
    registryToken: environment.REGISTRY_TOKEN || undefined,
    erpUrl: environment.ERP_URL || undefined,
    erpUsername: environment.ERP_USERNAME || undefined,
    erpPassword: environment.ERP_PASSWORD || undefined,
    erpTimeoutMs: Math.max(100, Number(environment.ERP_TIMEOUT_MS ?? 30_000) || 30_000),
    erpSendRetries: Math.max(0, Math.trunc(Number(environment.ERP_SEND_RETRIES ?? 5))) || 0,
    erpSendRetryDelaySeconds: Math.max(1, Number(environment.ERP_SEND_RETRY_DELAY_SECONDS ?? 10) || 10),
    erpSendExpireSeconds: Math.max(1, Number(environment.ERP_SEND_EXPIRE_SECONDS ?? 300) || 300),
    jobMaintenanceSeconds: Math.max(1, Number(environment.JOB_MAINTENANCE_SECONDS ?? 120) || 120),
    jobLeaseSeconds: Math.max(1, Number(environment.JOB_LEASE_SECONDS ?? 60) || 60),
    jobSoleProcess: false,
    statementScheduleMinutes: Math.max(0, Number(environment.STATEMENT_SCHEDULE_MINUTES ?? 15) || 0),
    legalFolderUrl: environment.LEGAL_FOLDER_URL || undefined,
    legalFolderTokenUrl: environment.LEGAL_FOLDER_TOKEN_URL || undefined,
    legalFolderAccountId: environment.LEGAL_FOLDER_ACCOUNT_ID || undefined,
    legalFolderUsername: environment.LEGAL_FOLDER_USERNAME || undefined,
    legalFolderPassword: environment.LEGAL_FOLDER_PASSWORD || undefined,
    signatureUrl: environment.SIGNATURE_URL || undefined,
    signatureApiKey: environment.SIGNATURE_API_KEY || undefined,
    signatureWebhookSecret: environment.SIGNATURE_WEBHOOK_SECRET || DEVELOPMENT_SIGNATURE_WEBHOOK_SECRET,
    signatureWebhookToleranceSeconds: Number(environment.SIGNATURE_WEBHOOK_TOLERANCE_SECONDS ?? 300) || 300,
    signatureSimulatorDelayMs: Number(environment.SIGNATURE_SIMULATOR_DELAY_MS ?? 5_000),
    signatureSimulatorOutcome:
      (['declined', 'expired'] as const).find((value) => value === environment.SIGNATURE_SIMULATOR_OUTCOME) ?? 'done',
  };
}
