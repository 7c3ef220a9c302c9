import { z } from 'zod';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const DEFAULT_ADMIN_PASSWORD = 'admin12345';

/**
 * TRUST_PROXY: how far to believe X-Forwarded-* headers. `false` (none), `true` (any hop), a number
 * of hops, or a comma-separated list of proxy addresses or CIDR ranges.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, context): boolean | number | string[] => {
    const text = value.trim();
    if (text === '' || text === 'false') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) return Number(text);
    const addresses = text.split(',').map((part) => part.trim());
    if (addresses.some((part) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part))) {
      context.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be true, false, a number of hops or a list of addresses',
      });
      return z.NEVER;
    }
    return addresses;
  });

/** PUBLIC_URL: the origin or origins (comma-separated) browsers reach the server at. */
const publicUrlSchema = z
  .string()
  .optional()
  .transform((value, context): string[] => {
    const parts = (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const origins: string[] = [];
    for (const part of parts) {
      const url = URL.parse(part);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        context.addIssue({ code: 'custom', message: `PUBLIC_URL: ${part} is not an http(s) URL` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    TRUST_PROXY: trustProxySchema,
    PUBLIC_URL: publicUrlSchema,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * A streaming standby of DATABASE_URL's database: list pages, searches, exports, the dashboard
     * and the audit log read from it while it keeps up.
     */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_REPLICA_URL must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** A replica further behind the primary than this is left aside: reads go to the primary. */
    REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0.1).default(10),
    /**
     * After a session's write whose WAL position is not known, how long its reads stay on the
     * primary (with the position known, they stay until the replica has replayed past it).
     */
    REPLICA_READ_AFTER_WRITE_SECONDS: z.coerce.number().min(0).default(5),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ADMIN_EMAIL: z.string().email().default(DEFAULT_ADMIN_EMAIL),
    ADMIN_PASSWORD: z.string().min(8).default(DEFAULT_ADMIN_PASSWORD),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_REDIRECT_URI: z.string().url().optional(),
    /** Rows per page of a GA4 or Search Console report the traffic import asks for. */
    GOOGLE_REPORT_ROWS: z.coerce.number().int().min(1).max(25_000).default(10_000),
    /** Run the job workers and the scheduler inside the server (off when `npm run worker` does). */
    RUN_WORKERS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    /** Tries of a publishing or generation job after its first, with doubling delays and jitter. */
    JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
    /** The first retry's delay; each later one doubles it (with up to as much again of jitter). */
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
    /** A job still active after this long is taken to have died with its worker, and retried. */
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(300),
    /** How often the queue looks for expired jobs (and does its other upkeep). */
    QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
    /** How often an idle worker asks the queue for a job. */
    QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
    /**
     * How often each process that runs the scheduler looks for due scheduled tasks. A task runs
     * at most once per its period whatever the tick: a tick only claims the tasks that are due.
     */
    SCHEDULER_TICK_SECONDS: z.coerce.number().min(0.1).default(30),
    /**
     * API requests a server process works on at once; the others wait their turn in the order
     * they came. About twice the database connections: a request also waits on its own work.
     */
    REQUEST_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
    /**
     * How long a process reuses a session it read (with its user's roles and permissions). A
     * write that may change who may do what applies at once in the process that made it, and
     * within this time in the others; 0 reads the session on every request.
     */
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(1),
    /** Jobs each worker process runs at once, per queue. */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
    /** Time-out of one delivery attempt (website webhook or social network). */
    DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /**
     * Internal addresses (loopback, private, link-local…) the server may call all the same, as
     * addresses or CIDR ranges, comma-separated: none by default.
     */
    OUTBOUND_ALLOWED_RANGES: z.string().default(''),
    /** Time-out of one call to the AI provider. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    /** How often an open event stream (`/api/events`) sends a comment, so proxies keep it open. */
    EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(10).default(25_000),
    /** The reconnection delay an event stream asks its clients to wait after losing it. */
    EVENTS_RETRY_MS: z.coerce.number().int().min(100).default(3000),
    /** How long live events are kept for streams that reconnect and ask for what they missed. */
    EVENTS_RETENTION_SECONDS: z.coerce.number().int().min(10).default(900),
    /**
     * The bearer token `/metrics` asks for; without it, only the loopback address may read the
     * metrics.
     */
    METRICS_TOKEN: z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * How long a stopping process waits for its requests in flight and its running jobs before it
     * ends them (the jobs are handed back to the queue).
     */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(20),
  })
  .superRefine((config, context) => {
    if (config.DATABASE_REPLICA_URL && !config.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message:
          'a read replica needs DATABASE_URL: the embedded database (without DATABASE_URL) has none',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

/** Reads the environment once; nothing else in the server reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function usesDefaultAdminPassword(config: Config): boolean {
  return config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD;
}

/** Whether `host` is a loopback address, which only this machine reaches. */
export function isLoopbackAddress(host: string): boolean {
  const name = host.toLowerCase();
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Whether the server answers whatever host name a request carries: listening beyond the loopback
 * address without PUBLIC_URL, it cannot tell its own names from a DNS-rebinding page's.
 */
export function answersAnyHostName(config: Config): boolean {
  return config.PUBLIC_URL.length === 0 && !isLoopbackAddress(config.HOST);
}

/**
 * Whether /metrics needs METRICS_TOKEN although none is set: PUBLIC_URL or TRUST_PROXY says a
 * reverse proxy is in front, and through one on the same machine every visitor would come from
 * the loopback address.
 */
export function metricsNeedToken(
  config: Pick<Config, 'METRICS_TOKEN' | 'PUBLIC_URL' | 'TRUST_PROXY'>,
): boolean {
  return !config.METRICS_TOKEN && (config.PUBLIC_URL.length > 0 || config.TRUST_PROXY !== false);
}
