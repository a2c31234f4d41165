import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseBackupEvery } from './backup/settings.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/client.ts';

/**
 * Which proxies may set X-Forwarded-For: none (false), the listed addresses, or the nearest N
 * hops (trustHops). `true` (anyone) is refused: a client could then claim any address.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Trusts the nearest `hops` proxies whatever their address: the client is the address the
 * farthest of them saw (right-most X-Forwarded-For entries), never what the client wrote itself.
 * Fastify's own numeric setting trusts no hop at all, hence a function.
 */
export function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

function isAddressOrCidr(text: string): boolean {
  const [address = '', bits, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Per-address limits of the calls anyone may make without a session, so that a flood of them
 * cannot exhaust the server (each sign-up and login hashes a password with 19 MiB of memory).
 */
export interface RateLimits {
  /** Sign-ups per address per hour. */
  signUpsPerHour: number;
  /** Login attempts per address per minute (wrong passwords are throttled further). */
  loginsPerMinute: number;
  /** Password reset requests and confirmations per address per hour (each of the two calls). */
  resetsPerHour: number;
  /** Invitation checks and acceptances per address per hour (each of the two calls). */
  invitesPerHour: number;
  /** Other anonymous calls (health, the OpenAPI document) per address per minute. */
  publicPerMinute: number;
}

export const defaultRateLimits: RateLimits = {
  signUpsPerHour: 20,
  loginsPerMinute: 60,
  resetsPerHour: 10,
  invitesPerHour: 20,
  publicPerMinute: 120,
};

function rateLimitSetting(name: string, fallback: number) {
  return z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be between 1 and 1000000`)
    .max(1_000_000, `${name} must be between 1 and 1000000`)
    .default(fallback);
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  // Loopback by default: the app holds health data, so reaching it from the network is a choice
  // made by setting HOST (0.0.0.0 behind a TLS reverse proxy), never an accident.
  HOST: z.string().min(1, 'HOST must not be empty').default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ message: 'DATABASE_CONNECT_TIMEOUT_MS must be a number' })
    .int('DATABASE_CONNECT_TIMEOUT_MS must be a whole number')
    .min(100, 'DATABASE_CONNECT_TIMEOUT_MS must be between 100 and 600000')
    .max(600_000, 'DATABASE_CONNECT_TIMEOUT_MS must be between 100 and 600000')
    .default(DEFAULT_CONNECT_TIMEOUT_MS),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: 'DATABASE_STATEMENT_TIMEOUT_MS must be a number' })
    .int('DATABASE_STATEMENT_TIMEOUT_MS must be a whole number')
    .refine(
      (value) => value === 0 || (value >= 100 && value <= 3_600_000),
      'DATABASE_STATEMENT_TIMEOUT_MS must be 0 (no limit) or between 100 and 3600000',
    )
    .default(DEFAULT_STATEMENT_TIMEOUT_MS),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  LOG_LEVEL: z
    .enum(logLevels, { message: `LOG_LEVEL must be one of ${logLevels.join(', ')}` })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context): TrustProxy => {
      const problem = (message: string) => {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (value === 'false') return false;
      if (value === 'true') {
        return problem(
          'TRUST_PROXY=true would trust any X-Forwarded-For a client sends; give the number of ' +
            'proxies in front of the server (TRUST_PROXY=1 behind one reverse proxy) or their ' +
            'addresses (TRUST_PROXY=10.0.0.5,10.0.1.0/24)',
        );
      }
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops < 1 || hops > 10) return problem('TRUST_PROXY hop count must be between 1 and 10');
        return trustHops(hops);
      }
      const addresses = value.split(',').map((part) => part.trim());
      if (addresses.some((address) => !isAddressOrCidr(address))) {
        return problem(
          'TRUST_PROXY must be false, a number of proxies (1) or a comma-separated list of ' +
            'proxy addresses or CIDR ranges',
        );
      }
      return addresses;
    }),
  COOKIE_SECURE: z
    .enum(['true', 'false', 'auto'], { message: 'COOKIE_SECURE must be true, false or auto' })
    .default('auto'),
  REMINDER_TICK_MS: z.coerce
    .number({ message: 'REMINDER_TICK_MS must be a number' })
    .int('REMINDER_TICK_MS must be a whole number')
    .min(100, 'REMINDER_TICK_MS must be between 100 and 60000')
    .max(60_000, 'REMINDER_TICK_MS must be between 100 and 60000')
    .default(2000),
  DOSE_TICK_MS: z.coerce
    .number({ message: 'DOSE_TICK_MS must be a number' })
    .int('DOSE_TICK_MS must be a whole number')
    .min(1000, 'DOSE_TICK_MS must be between 1000 and 3600000')
    .max(3_600_000, 'DOSE_TICK_MS must be between 1000 and 3600000')
    .default(60_000),
  VISIT_TICK_MS: z.coerce
    .number({ message: 'VISIT_TICK_MS must be a number' })
    .int('VISIT_TICK_MS must be a whole number')
    .min(1000, 'VISIT_TICK_MS must be between 1000 and 3600000')
    .max(3_600_000, 'VISIT_TICK_MS must be between 1000 and 3600000')
    .default(60_000),
  SIGNUP_RATE_LIMIT: rateLimitSetting('SIGNUP_RATE_LIMIT', defaultRateLimits.signUpsPerHour),
  LOGIN_RATE_LIMIT: rateLimitSetting('LOGIN_RATE_LIMIT', defaultRateLimits.loginsPerMinute),
  PUBLIC_RATE_LIMIT: rateLimitSetting('PUBLIC_RATE_LIMIT', defaultRateLimits.publicPerMinute),
  RESET_RATE_LIMIT: rateLimitSetting('RESET_RATE_LIMIT', defaultRateLimits.resetsPerHour),
  INVITE_RATE_LIMIT: rateLimitSetting('INVITE_RATE_LIMIT', defaultRateLimits.invitesPerHour),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).max(200).default('ElderCare System <no-reply@localhost>'),
  /** Where audit rows past the agency's retention are written before they are removed. */
  AUDIT_ARCHIVE_DIR: z
    .string()
    .min(1, 'AUDIT_ARCHIVE_DIR must not be empty')
    .default('./audit-archive'),
  APP_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(?::\d+)?\/?$/, 'APP_URL must be an http:// or https:// address')
    .transform((url) => url.replace(/\/$/, ''))
    .optional(),
  BACKUP_DIR: z.string().min(1, 'BACKUP_DIR must not be empty').default('./backups'),
  BACKUP_EVERY: z
    .string()
    .transform((value, context) => {
      const parsed = parseBackupEvery(value);
      if ('error' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.ms;
    })
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ message: 'BACKUP_KEEP must be a number' })
    .int('BACKUP_KEEP must be a whole number')
    .min(1, 'BACKUP_KEEP must be between 1 and 1000')
    .max(1000, 'BACKUP_KEEP must be between 1 and 1000')
    .default(7),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: how long opening a connection may take (default 5000 ms). */
  databaseConnectTimeoutMs?: number;
  /** PostgreSQL: how long one statement may run, 0 for no limit (default 30000 ms). */
  databaseStatementTimeoutMs?: number;
  dataDir: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: TrustProxy;
  cookieSecure: 'true' | 'false' | 'auto';
  /** How often the reminder scheduler looks for due reminders (default 2000 ms). */
  reminderTickMs?: number;
  /** How often late and missed dose alerts are looked for (default 60000 ms). */
  doseTickMs?: number;
  /** How often late and missed visits are looked for (default 60000 ms). */
  visitTickMs?: number;
  /** Per-address limits of the anonymous calls; those left out take defaultRateLimits. */
  rateLimits?: Partial<RateLimits>;
  /** How often open notification streams get a heartbeat (default 25 s; tests shorten it). */
  streamHeartbeatMs?: number;
  /** The SMTP server emails go through (smtp:// or smtps://); unset sends no email. */
  smtpUrl?: string;
  /** The sender of those emails. */
  smtpFrom?: string;
  /**
   * The address people open the app at (https://care.example.org), for links in emails. Never
   * taken from a request's Host header, which a caller chooses.
   */
  appUrl?: string;
  /** Where audit rows past the agency's retention are archived (NDJSON, gzip) before removal. */
  auditArchiveDir?: string;
  /**
   * Backups: where they go (`npm run backup` and the scheduled ones), how often the app takes
   * one of the embedded database (unset: never) and how many it keeps.
   */
  backup?: { dir: string; everyMs?: number; keep: number };
}

/** The limits in force: the configured ones over the defaults. */
export const rateLimitsOf = (config: Config): RateLimits => ({
  ...defaultRateLimits,
  ...config.rateLimits,
});

export class ConfigError extends Error {}

/**
 * The configuration, or the process ends (exit code 1) with the message of what is wrong: for
 * the commands that start from the environment (the server, backup and restore).
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.SMTP_URL && !value.APP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_URL: APP_URL must be set when SMTP_URL is, for the links in emails',
    );
  }
  const backupDir = path.resolve(value.BACKUP_DIR);
  const dataDir = path.resolve(value.DATA_DIR);
  if (backupDir === dataDir || backupDir.startsWith(dataDir + path.sep)) {
    throw new ConfigError(
      'Invalid configuration:\n  BACKUP_DIR: BACKUP_DIR must be outside DATA_DIR (the database directory)',
    );
  }
  return {
    port: value.PORT,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    databaseConnectTimeoutMs: value.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: value.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    cookieSecure: value.COOKIE_SECURE,
    reminderTickMs: value.REMINDER_TICK_MS,
    doseTickMs: value.DOSE_TICK_MS,
    visitTickMs: value.VISIT_TICK_MS,
    rateLimits: {
      signUpsPerHour: value.SIGNUP_RATE_LIMIT,
      loginsPerMinute: value.LOGIN_RATE_LIMIT,
      resetsPerHour: value.RESET_RATE_LIMIT,
      invitesPerHour: value.INVITE_RATE_LIMIT,
      publicPerMinute: value.PUBLIC_RATE_LIMIT,
    },
    smtpUrl: value.SMTP_URL,
    smtpFrom: value.SMTP_FROM,
    appUrl: value.APP_URL,
    auditArchiveDir: path.resolve(value.AUDIT_ARCHIVE_DIR),
    backup: { dir: backupDir, everyMs: value.BACKUP_EVERY, keep: value.BACKUP_KEEP },
  };
}
