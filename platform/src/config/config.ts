import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isSentinelUrl, sentinelsOf } from '../redis/redis-url.ts';
import { connectionProblems } from './connection-rules.ts';

/**
 * The one configuration module: environment variables, optionally preceded by a JSON file named by CONFIG_FILE
 * (same variable names as keys; the environment wins). The profile chooses every port's default adapter; each
 * adapter can still be overridden on its own.
 */
const profiles = ['embedded', 'distributed'] as const;
const port = z.coerce.number().int().min(1).max(65_535);
const validSentinels = (value: string) => {
  try {
    return sentinelsOf(value) !== undefined;
  } catch {
    return false;
  }
};
const url = (protocols: string[]) =>
  z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error: `must be a ${protocols.join(' or ')} URL` });
const brokers = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(/^[\w.-]+:\d{1,5}$/, 'each broker must be host:port'))
      .min(1, 'needs at least one host:port'),
  );
const secret = z.string().min(32, 'must be at least 32 characters');
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** A VAPID key as web push tools print it: base64url of a P-256 public point (65 bytes) or private scalar (32). */
const vapidKey = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .refine((key) => Buffer.from(key, 'base64url').length === bytes, `must be ${bytes} bytes in base64url`);

/** A CA certificate file, read at start-up so that a wrong path stops it rather than the first connection. */
const pemFile = z
  .string()
  .min(1)
  .refine((path) => {
    try {
      return readFileSync(path, 'utf8').includes('-----BEGIN CERTIFICATE-----');
    } catch {
      return false;
    }
  }, 'must be a readable PEM file of CA certificates');

const variables = z.strictObject({
  PROFILE: z.enum(profiles).default('embedded'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  HEALTH_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(8081)
    .describe(
      'Where a worker process (projector, ingest, jobs, alerting) answers /health and /ready; 0: any free port',
    ),
  METRICS_PORT: port
    .optional()
    .describe('When set, every process serves /metrics on this port, and the API port no longer does'),
  PUBLIC_URL: url(['http', 'https']).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .describe('Behind a reverse proxy: take the client address and protocol from X-Forwarded-* headers'),
  METRICS_TOKEN: secret
    .optional()
    .describe('Bearer token a Prometheus scraper sends for /metrics; unset, only a caller on this host reads it'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z
    .enum(['auto', 'pretty', 'json'])
    .default('auto')
    .describe('auto: readable lines in a terminal, JSON when the output is not a terminal or NODE_ENV is production'),
  DATA_DIR: z.string().min(1).default('.data/embedded'),
  SCHEMA_MIGRATIONS: z
    .enum(['apply', 'await'])
    .default('apply')
    .describe(
      "apply: a process brings the database's tables up to date as it starts; await: it waits (at most 10 minutes) " +
        'for `nq migrate` (a Kubernetes Job) to have done it',
    ),
  CONSOLE_DIR: z.string().min(1).default('console/dist'),

  EVENT_STORE_ADAPTER: z.enum(['postgresql', 'pglite']).optional(),
  LOG_ADAPTER: z.enum(['kafka', 'embedded']).optional(),
  READ_STORE_ADAPTER: z.enum(['elasticsearch', 'sql']).optional(),
  JOBS_ADAPTER: z
    .enum(['bullmq', 'embedded', 'in-process'])
    .transform((adapter) => (adapter === 'in-process' ? 'embedded' : adapter))
    .optional()
    .describe("embedded (a durable queue in the platform's database; 'in-process' is its former name) or bullmq"),
  MAIL_ADAPTER: z.enum(['smtp', 'outbox']).optional(),
  EPHEMERAL_STORE_ADAPTER: z.enum(['redis', 'memory']).optional(),

  DATABASE_URL: url(['postgres', 'postgresql']).default('postgresql://postgres@127.0.0.1:5432/nq'),
  DATABASE_CA_FILE: pemFile
    .optional()
    .describe("CA certificates PostgreSQL's certificate is verified against (with sslmode in DATABASE_URL)"),
  KAFKA_BROKERS: brokers.default(['127.0.0.1:9092']),
  KAFKA_CLIENT_ID: z.string().min(1).default('nq-platform'),
  KAFKA_GROUP_INSTANCE_ID: z
    .string()
    .regex(/^[a-zA-Z0-9._-]{1,100}$/, 'must be 1 to 100 letters, digits, dots, dashes or underscores')
    .optional()
    .describe(
      "This process's static membership in its consumer groups: a replacement started under the same id takes its partitions back at once",
    ),
  KAFKA_SESSION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(6_000)
    .max(300_000)
    .default(10_000)
    .describe('How long a consumer may go unheard before the broker hands its partitions to the others'),
  KAFKA_SASL_MECHANISM: z
    .enum(['scram-sha-256', 'scram-sha-512', 'plain'])
    .optional()
    .describe('How clients authenticate to the brokers, with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD'),
  KAFKA_SASL_USERNAME: z.string().min(1).optional(),
  KAFKA_SASL_PASSWORD: z.string().min(1).optional(),
  KAFKA_TLS: z.enum(['true', 'false']).default('false').describe('Connect to the brokers over TLS'),
  KAFKA_TLS_CA_FILE: pemFile
    .optional()
    .describe("CA certificates the brokers' certificates are verified against (default: the system's)"),
  TOPIC_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._-]{0,60}$/, 'must be letters, digits, dots, dashes or underscores')
    .default('')
    .describe('Prefix of every topic name, so environments can share a Kafka cluster'),
  ELASTICSEARCH_URL: url(['http', 'https']).default('http://127.0.0.1:9200'),
  ELASTICSEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,40}$/, 'must be lowercase letters, digits, - or _ (an index name prefix)')
    .default('nq'),
  ELASTICSEARCH_API_KEY: z.string().min(1).optional().describe('API key (base64 id:key), instead of a user'),
  ELASTICSEARCH_USERNAME: z.string().min(1).optional(),
  ELASTICSEARCH_PASSWORD: z.string().min(1).optional(),
  ELASTICSEARCH_CA_FILE: pemFile
    .optional()
    .describe("CA certificates the cluster's certificate is verified against (default: the system's)"),
  ELASTICSEARCH_SHARDS: count(1, 64)
    .default(1)
    .describe(
      'Primary shards of each new read-model index (and of each new monthly measurement index, unless ELASTICSEARCH_MEASUREMENT_SHARDS is set)',
    ),
  ELASTICSEARCH_MEASUREMENT_SHARDS: count(1, 1_024)
    .optional()
    .describe(
      "Primary shards of each new monthly measurement index (at most 1024, Elasticsearch's limit); a change applies " +
        'to the months created after it, existing months keep theirs (default: ELASTICSEARCH_SHARDS)',
    ),
  DEPENDENCY_CIRCUIT_OPEN_SECONDS: count(1, 600)
    .default(5)
    .describe(
      'How long requests to a dependency that stopped answering in time are refused at once before one tries it again',
    ),
  DATABASE_CONNECT_TIMEOUT_MS: count(100, 600_000)
    .default(10_000)
    .describe(
      'How long a request waits for a database connection; after 3 in a row waited in vain, requests needing the ' +
        'database are refused at once (503) for DEPENDENCY_CIRCUIT_OPEN_SECONDS',
    ),
  ELASTICSEARCH_REQUEST_TIMEOUT_MS: count(100, 600_000)
    .default(30_000)
    .describe(
      'How long a request to Elasticsearch waits for its answer; after 3 in a row went unanswered, its requests are ' +
        'refused at once (503) for DEPENDENCY_CIRCUIT_OPEN_SECONDS',
    ),
  ELASTICSEARCH_REPLICAS: count(0, 8)
    .default(0)
    .describe('Replicas of each new index (0 on one node: a replica is never allocated beside its primary)'),
  MEASUREMENT_RETENTION_MONTHS: count(1, 1_200)
    .optional()
    .describe('Months of measurements kept besides the current one; older months are deleted daily (unset: kept)'),
  REDIS_URL: z
    .string()
    .default('redis://127.0.0.1:6379')
    .refine(
      (value) => (isSentinelUrl(value) ? validSentinels(value) : url(['redis', 'rediss']).safeParse(value).success),
      'must be a redis or rediss URL, or redis-sentinel://[user:password@]host:port[,host:port…]/<primary name>',
    )
    .describe(
      'One Redis (redis://, rediss://), or the primary its sentinels name (redis-sentinel://…), followed across failovers',
    ),
  SMTP_URL: url(['smtp', 'smtps']).default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.email().default('no-reply@nq.local'),
  MAIL_MAX_ATTEMPTS: count(1, 100).default(8).describe('Attempts to deliver an e-mail before it fails for good'),
  MAIL_RETRY_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(3_600)
    .default(30)
    .describe('Wait before the second attempt to deliver an e-mail; it doubles at each later attempt'),
  FILES_DIR: z.string().min(1).optional(),
  FILES_RETENTION_DAYS: count(1, 3650).default(30).describe('Days a generated file is kept before it is deleted'),
  BACKUP_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('Where a nightly job backs the platform up, a dated folder each night (unset: no scheduled backup)'),
  BACKUP_KEEP: count(1, 365).default(14).describe('Nightly backups kept in BACKUP_DIR; older ones are deleted'),
  BACKUP_MEASUREMENTS: z
    .enum(['true', 'false'])
    .default('true')
    .describe("Whether nightly backups hold the measurements (false: their indices' snapshots bring them back)"),

  SECRET_KEY: secret
    .optional()
    .describe('Derives every signing secret (generated once and kept in the database if unset)'),
  PROBE_SECRETS_KEY: secret.optional().describe('Seals probe credentials at rest (default: derived from SECRET_KEY)'),
  VAPID_PUBLIC_KEY: vapidKey(65).optional().describe('Web push VAPID public key (generated once if both are unset)'),
  VAPID_PRIVATE_KEY: vapidKey(32).optional().describe('Web push VAPID private key, with VAPID_PUBLIC_KEY'),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL')
    .optional()
    .describe("Who push services contact about this platform's pushes (default: mailto:MAIL_FROM)"),
  PUSH_PRIVATE_ENDPOINTS: z
    .enum(['true', 'false'])
    .default('false')
    .describe(
      'Also push to http and to private, loopback or link-local addresses (tests, an on-premises push service)',
    ),
  IMPORT_PRIVATE_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .describe(
      'Also let result imports download from loopback, private, link-local and other internal addresses (tests, a file server inside the network)',
    ),
  CORS_ORIGINS: list.pipe(z.array(z.url())).default([]).describe('Origins allowed to call the API from a browser'),
  SESSION_TTL_HOURS: count(1, 24 * 30).default(12),
  SIGNATURE_MAX_SKEW_SECONDS: count(5, 3600).default(300),
  PROBE_CREDENTIALS_TTL_SECONDS: count(60, 10 * 365 * 86_400)
    .default(90 * 86_400)
    .describe("How long a probe's gateway credentials last; its agent renews them before they end"),
  PROBE_CREDENTIALS_RENEWAL_GRACE_SECONDS: count(0, 365 * 86_400)
    .default(30 * 86_400)
    .describe(
      'How long after they ended expired probe credentials may still renew themselves (a probe that was off meanwhile), and nothing else',
    ),
  PASSWORD_MIN_LENGTH: count(5, 128).default(5).describe('At least 5: a password is longer than 4 characters'),
  PASSWORD_REQUIRE_MIXED: z.enum(['true', 'false']).default('false').describe('Require lower, upper case and digits'),
  PASSWORD_HASH_COST: count(12, 20)
    .default(17)
    .describe("log2 of scrypt's N for new password hashes (OWASP: 17); lower only for test runs"),
  USER_EMAIL_DOMAINS: list.default([]).describe('E-mail domains users may have (empty: any)'),
  LOGIN_MAX_FAILURES: count(1, 100).default(5).describe('Failures before a security verification is needed'),
  LOGIN_FAILURE_WINDOW_MINUTES: count(1, 1440).default(15),
  LOGIN_RATE_LIMIT_PER_MINUTE: count(1, 10_000).default(30).describe('Login attempts per client address'),
  TOKEN_RATE_LIMIT_PER_MINUTE: count(1, 1_000_000).default(600).describe('Requests per minute per token'),
  PASSWORD_LINK_TTL_MINUTES: count(5, 60 * 24 * 14).default(60),
  FORBIDDEN_NAMES: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    )
    .default(['all', 'any', 'none', 'default', 'total', 'admin'])
    .describe('Names refused for campaigns, clusters and universes'),
  DEMO_DATA: z.enum(['true', 'false']).optional().describe('Load the demo configuration into an empty store at start'),
  DEMO_AGENT: z
    .enum(['true', 'false'])
    .default('true')
    .describe(
      "With the demo data: run a speed server and the probe agent in the platform's process, measuring this machine as probe 'thismachine'",
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(5_000)
    .describe('How long a read given minPosition waits for its read model to show that write, before answering 503'),
  READ_STORE_SHARD_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(10_000)
    .describe(
      'How long a read of an Elasticsearch read model waits for a shard that is starting (an index just created) before answering 503',
    ),
  INGEST_UNKNOWN_PROBE_WAIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(10_000)
    .describe(
      'How long ingest waits for the configuration read models to show a probe it does not know (one just created) before dead-lettering its results',
    ),
  MAP_SAMPLE_LIMIT: count(1, 5_000_000)
    .default(50_000)
    .describe('Measurements a map shows at most; beyond it the map is blocked with a warning'),
  ALERT_GRACE_SECONDS: count(0, 86_400)
    .default(60)
    .describe("How long after an alert window's end late measurements still count before the clock decides it"),
  ALERT_NOTIFICATION_SPACING_MINUTES: count(0, 1_440)
    .default(5)
    .describe('Least time between two notifications of one alert group, so that a flapping alert sends no storm'),
  LAUNCH_TIMEOUT_SECONDS: count(1, 86_400)
    .default(300)
    .describe("How long a probe has to pick a launched task up and answer, on top of the task's own timeout"),
});

type Variables = z.infer<typeof variables>;
export const configVariableNames = Object.keys(variables.shape) as (keyof Variables)[];

const adapterDefaults = {
  embedded: {
    eventStore: 'pglite',
    log: 'embedded',
    readStore: 'sql',
    jobs: 'embedded',
    mail: 'outbox',
    ephemeralStore: 'memory',
  },
  distributed: {
    eventStore: 'postgresql',
    log: 'kafka',
    readStore: 'elasticsearch',
    jobs: 'bullmq',
    mail: 'smtp',
    ephemeralStore: 'redis',
  },
} as const;

function shape(v: Variables, production: boolean) {
  const defaults = adapterDefaults[v.PROFILE];
  const dataDir = resolve(v.DATA_DIR);
  return {
    profile: v.PROFILE,
    http: {
      host: v.HOST,
      port: v.PORT,
      publicUrl: v.PUBLIC_URL ?? `http://${v.HOST}:${v.PORT}`,
      trustProxy: v.TRUST_PROXY === 'true',
      metricsToken: v.METRICS_TOKEN,
      healthPort: v.HEALTH_PORT,
      metricsPort: v.METRICS_PORT,
    },
    logLevel: v.LOG_LEVEL,
    logFormat: v.LOG_FORMAT,
    schemaMigrations: v.SCHEMA_MIGRATIONS,
    dataDir,
    consoleDir: resolve(v.CONSOLE_DIR),
    filesDir: resolve(v.FILES_DIR ?? `${dataDir}/files`),
    files: { retentionMs: v.FILES_RETENTION_DAYS * 86_400_000 },
    backups: v.BACKUP_DIR
      ? { dir: resolve(v.BACKUP_DIR), keep: v.BACKUP_KEEP, measurements: v.BACKUP_MEASUREMENTS === 'true' }
      : undefined,
    adapters: {
      eventStore: v.EVENT_STORE_ADAPTER ?? defaults.eventStore,
      log: v.LOG_ADAPTER ?? defaults.log,
      readStore: v.READ_STORE_ADAPTER ?? defaults.readStore,
      jobs: v.JOBS_ADAPTER ?? defaults.jobs,
      mail: v.MAIL_ADAPTER ?? defaults.mail,
      ephemeralStore: v.EPHEMERAL_STORE_ADAPTER ?? defaults.ephemeralStore,
    },
    postgres: {
      url: v.DATABASE_URL,
      connectTimeoutMs: v.DATABASE_CONNECT_TIMEOUT_MS,
      circuitOpenMs: v.DEPENDENCY_CIRCUIT_OPEN_SECONDS * 1_000,
      ...(v.DATABASE_CA_FILE ? { caFile: resolve(v.DATABASE_CA_FILE) } : {}),
    },
    kafka: {
      brokers: v.KAFKA_BROKERS,
      clientId: v.KAFKA_CLIENT_ID,
      topicPrefix: v.TOPIC_PREFIX,
      sessionTimeoutMs: v.KAFKA_SESSION_TIMEOUT_MS,
      ...(v.KAFKA_GROUP_INSTANCE_ID ? { groupInstanceId: v.KAFKA_GROUP_INSTANCE_ID } : {}),
      ...(v.KAFKA_SASL_MECHANISM && v.KAFKA_SASL_USERNAME && v.KAFKA_SASL_PASSWORD
        ? {
            sasl: {
              mechanism: v.KAFKA_SASL_MECHANISM,
              username: v.KAFKA_SASL_USERNAME,
              password: v.KAFKA_SASL_PASSWORD,
            },
          }
        : {}),
      ...(v.KAFKA_TLS === 'true' ? { tls: v.KAFKA_TLS_CA_FILE ? { caFile: resolve(v.KAFKA_TLS_CA_FILE) } : {} } : {}),
    },
    elasticsearch: {
      url: v.ELASTICSEARCH_URL,
      indexPrefix: v.ELASTICSEARCH_INDEX_PREFIX,
      ...(v.ELASTICSEARCH_API_KEY
        ? { auth: { apiKey: v.ELASTICSEARCH_API_KEY } }
        : v.ELASTICSEARCH_USERNAME && v.ELASTICSEARCH_PASSWORD
          ? { auth: { username: v.ELASTICSEARCH_USERNAME, password: v.ELASTICSEARCH_PASSWORD } }
          : {}),
      ...(v.ELASTICSEARCH_CA_FILE ? { caFile: resolve(v.ELASTICSEARCH_CA_FILE) } : {}),
      requestTimeoutMs: v.ELASTICSEARCH_REQUEST_TIMEOUT_MS,
      circuitOpenMs: v.DEPENDENCY_CIRCUIT_OPEN_SECONDS * 1_000,
      indexSettings: { shards: v.ELASTICSEARCH_SHARDS, replicas: v.ELASTICSEARCH_REPLICAS },
      // The monthly measurement indices hold nearly all the data (terabytes a month for a national panel, a hundred
      // primaries or more), the read models little (one to three primaries).
      measurementIndexSettings: {
        shards: v.ELASTICSEARCH_MEASUREMENT_SHARDS ?? v.ELASTICSEARCH_SHARDS,
        replicas: v.ELASTICSEARCH_REPLICAS,
      },
    },
    measurements: { retentionMonths: v.MEASUREMENT_RETENTION_MONTHS },
    redis: { url: v.REDIS_URL },
    mail: {
      smtpUrl: v.SMTP_URL,
      from: v.MAIL_FROM,
      maxAttempts: v.MAIL_MAX_ATTEMPTS,
      retrySeconds: v.MAIL_RETRY_SECONDS,
    },
    secretKey: v.SECRET_KEY,
    probeSecretsKey: v.PROBE_SECRETS_KEY,
    push: {
      vapidKeys:
        v.VAPID_PUBLIC_KEY && v.VAPID_PRIVATE_KEY
          ? { publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY }
          : undefined,
      subject: v.VAPID_SUBJECT ?? `mailto:${v.MAIL_FROM}`,
      allowPrivateEndpoints: v.PUSH_PRIVATE_ENDPOINTS === 'true',
    },
    imports: { allowPrivateUrls: v.IMPORT_PRIVATE_URLS === 'true' },
    identity: {
      corsOrigins: v.CORS_ORIGINS,
      sessionTtlMs: v.SESSION_TTL_HOURS * 3_600_000,
      maxClockSkewMs: v.SIGNATURE_MAX_SKEW_SECONDS * 1000,
      probeCredentials: {
        ttlMs: v.PROBE_CREDENTIALS_TTL_SECONDS * 1000,
        renewalGraceMs: v.PROBE_CREDENTIALS_RENEWAL_GRACE_SECONDS * 1000,
      },
      password: { minLength: v.PASSWORD_MIN_LENGTH, requireMixed: v.PASSWORD_REQUIRE_MIXED === 'true' },
      passwordHashCost: v.PASSWORD_HASH_COST,
      login: {
        maxFailures: v.LOGIN_MAX_FAILURES,
        failureWindowMs: v.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
        ratePerMinute: v.LOGIN_RATE_LIMIT_PER_MINUTE,
      },
      tokenRatePerMinute: v.TOKEN_RATE_LIMIT_PER_MINUTE,
      passwordLinkTtlMs: v.PASSWORD_LINK_TTL_MINUTES * 60_000,
    },
    configuration: {
      forbiddenNames: v.FORBIDDEN_NAMES,
      emailDomains: v.USER_EMAIL_DOMAINS.map((domain) => domain.toLowerCase()),
    },
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    readYourWritesMs: v.READ_YOUR_WRITES_TIMEOUT_MS,
    readStoreShardWaitMs: v.READ_STORE_SHARD_WAIT_MS,
    ingest: { unknownProbeWaitMs: v.INGEST_UNKNOWN_PROBE_WAIT_MS },
    maps: { sampleLimit: v.MAP_SAMPLE_LIMIT },
    launcher: { answerWithinMs: v.LAUNCH_TIMEOUT_SECONDS * 1000 },
    alerting: {
      graceMs: v.ALERT_GRACE_SECONDS * 1000,
      notificationSpacingMs: v.ALERT_NOTIFICATION_SPACING_MINUTES * 60_000,
    },
    demoData: (v.DEMO_DATA ?? (v.PROFILE === 'embedded' && !production ? 'true' : 'false')) === 'true',
    demoAgent: v.DEMO_AGENT === 'true',
    /** NODE_ENV=production: no demo data, and the demo accounts cannot log in. */
    production,
  };
}

export type Config = ReturnType<typeof shape>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** A URL's password, with or without a user name before it (`redis://:password@host`), masked. */
const maskUrl = (value: string) => value.replace(/\/\/([^:@/]*):[^@/]+@/, '//$1:***@');

/** The variables whose value is a secret: a refusal names them, never shows them. */
const secretVariables: ReadonlySet<string> = new Set([
  'METRICS_TOKEN',
  'KAFKA_SASL_PASSWORD',
  'ELASTICSEARCH_API_KEY',
  'ELASTICSEARCH_PASSWORD',
  'SECRET_KEY',
  'PROBE_SECRETS_KEY',
  'VAPID_PRIVATE_KEY',
]);

function describeIssue(issue: z.core.$ZodIssue, given: Record<string, unknown>): string {
  const name = String(issue.path[0] ?? 'CONFIG_FILE');
  if (issue.code === 'unrecognized_keys') {
    return `CONFIG_FILE: unknown variable(s) ${issue.keys.join(', ')}; allowed: ${configVariableNames.join(', ')}`;
  }
  const value = given[name];
  const shown = value === undefined || secretVariables.has(name) ? '' : ` (got '${maskUrl(String(value))}')`;
  if (issue.code === 'invalid_value') return `${name}${shown}: must be one of ${issue.values.join(', ')}`;
  return `${name}${shown}: ${issue.message}`;
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([`CONFIG_FILE: cannot read '${path}' (${(error as NodeJS.ErrnoException).code})`]);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return Object.fromEntries(
      Object.entries(parsed).map(([key, value]) => [key, typeof value === 'object' ? value : String(value)]),
    );
  } catch (error) {
    throw new ConfigError([
      `CONFIG_FILE: '${path}' must hold one JSON object of variables (${(error as Error).message})`,
    ]);
  }
}

/** Reads and validates the configuration; throws a ConfigError naming every bad variable and what it allows. */
/**
 * Variables given as files (`SECRET_KEY_FILE=/run/secrets/secret-key`), as Kubernetes and Docker mount secrets: each
 * file's content, without its final line break, for every variable that is not a file's path itself. Giving both a
 * variable and its file is refused, and so is a file that cannot be read (named by its path, never by its content).
 */
function variablesFromFiles(env: NodeJS.ProcessEnv): Record<string, string> {
  const problems: string[] = [];
  const read: Record<string, string> = {};
  for (const name of configVariableNames) {
    const path = name.endsWith('_FILE') ? undefined : env[`${name}_FILE`];
    if (!path) continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name}_FILE: ${name} is set too; give one of them`);
      continue;
    }
    try {
      read[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${name}_FILE: cannot read '${path}' (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return read;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const fromFile = env.CONFIG_FILE ? readConfigFile(env.CONFIG_FILE) : {};
  const fromEnv = Object.fromEntries(
    configVariableNames.filter((name) => env[name] !== undefined && env[name] !== '').map((name) => [name, env[name]]),
  );
  const given = { ...fromFile, ...fromEnv, ...variablesFromFiles(env) };
  const result = variables.safeParse(given);
  if (!result.success) throw new ConfigError(result.error.issues.map((issue) => describeIssue(issue, given)));
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = result.data;
  if (!VAPID_PUBLIC_KEY !== !VAPID_PRIVATE_KEY)
    throw new ConfigError([
      `${VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: must be set with the other VAPID key`,
    ]);
  const connectionIssues = connectionProblems(result.data);
  if (connectionIssues.length > 0) throw new ConfigError(connectionIssues);
  const production = env.NODE_ENV === 'production';
  if (production && result.data.DEMO_DATA === 'true')
    throw new ConfigError([
      "DEMO_DATA (got 'true'): demo data and its well-known logins are refused when NODE_ENV is production",
    ]);
  if (production && result.data.PASSWORD_HASH_COST < 17)
    throw new ConfigError([
      `PASSWORD_HASH_COST (got '${result.data.PASSWORD_HASH_COST}'): below OWASP's 17 is for test runs, refused when NODE_ENV is production`,
    ]);
  // The deployment's example secrets (`change-me…`) are refused in production, naming the variable, not its value.
  const placeholders = production
    ? Object.entries(result.data).filter(([, value]) => typeof value === 'string' && /change-me/i.test(value))
    : [];
  if (placeholders.length > 0)
    throw new ConfigError(
      placeholders.map(
        ([name]) =>
          `${name}: still holds the deployment's placeholder (change-me…), refused when NODE_ENV is production`,
      ),
    );
  return shape(result.data, production);
}

/** The configuration as shown to an operator: secrets and passwords in URLs masked. */
export function describeConfig(config: Config): Record<string, unknown> {
  const secretFields = new Set(['password', 'apiKey', 'metricsToken']);
  return JSON.parse(
    JSON.stringify(
      {
        ...config,
        secretKey: config.secretKey ? '***' : undefined,
        probeSecretsKey: config.probeSecretsKey ? '***' : undefined,
        push: {
          ...config.push,
          vapidKeys: config.push.vapidKeys ? { ...config.push.vapidKeys, privateKey: '***' } : undefined,
        },
      },
      (key, value) =>
        secretFields.has(key) ? '***' : typeof value === 'string' && value.includes('://') ? maskUrl(value) : value,
    ),
  );
}
