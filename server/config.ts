import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'HOST must not be empty').default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  LOG_LEVEL: z
    .enum(logLevels, { message: `LOG_LEVEL must be one of ${logLevels.join(', ')}` })
    .default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'], { message: 'TRUST_PROXY must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  COOKIE_SECURE: z
    .enum(['true', 'false', 'auto'], { message: 'COOKIE_SECURE must be true, false or auto' })
    .default('auto'),
  REMINDER_TICK_MS: z.coerce
    .number({ message: 'REMINDER_TICK_MS must be a number' })
    .int('REMINDER_TICK_MS must be a whole number')
    .min(100, 'REMINDER_TICK_MS must be between 100 and 60000')
    .max(60_000, 'REMINDER_TICK_MS must be between 100 and 60000')
    .default(2000),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: boolean;
  cookieSecure: 'true' | 'false' | 'auto';
  /** How often the reminder scheduler looks for due reminders (default 2000 ms). */
  reminderTickMs?: number;
  /** How often open notification streams get a heartbeat (default 25 s; tests shorten it). */
  streamHeartbeatMs?: number;
}

export class ConfigError extends Error {}

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
  return {
    port: value.PORT,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    dataDir: path.resolve(value.DATA_DIR),
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    cookieSecure: value.COOKIE_SECURE,
    reminderTickMs: value.REMINDER_TICK_MS,
  };
}
