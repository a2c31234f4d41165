import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    firstName: text().notNull(),
    secondName: text().notNull(),
    email: text().notNull(),
    primaryLocation: text().notNull(),
    secondaryLocation: text().notNull().default(''),
    phoneNumber: text().notNull().default(''),
    /** doctor | caregiver | patient; legacy `user` rows are read as patient. */
    role: text().notNull(),
    /** viewer | editor | supervisor | admin: what the account holds now. */
    privileges: text().notNull().default('viewer'),
    /** A higher privilege asked for at sign-up that waits for an admin. */
    requestedPrivileges: text(),
    passwordHash: text().notNull(),
    isActive: boolean().notNull().default(true),
    darkMode: boolean().notNull().default(false),
    /** Null means the role's default (16, or 18 for caregivers). */
    fontSize: integer(),
    notificationsEnabled: boolean().notNull().default(true),
    /** How temperatures are shown and entered: C or F (stored in °C whatever this says). */
    temperatureUnit: text().notNull().default('C'),
    /** How blood glucose is shown and entered: mmol/L or mg/dL (stored in mmol/L). */
    glucoseUnit: text().notNull().default('mmol/L'),
    /** The IANA zone times are shown in (e.g. Europe/London); null means the browser's. */
    timeZone: text(),
    /**
     * The base32 key of the account's authenticator app (RFC 6238), kept while two-factor sign-in
     * is being turned on (totpEnabledAt null) and while it is on.
     */
    totpSecret: text(),
    /** When two-factor sign-in was confirmed with a first code; null means it is off. */
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpLastStep: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // A role's people by name (the rota's caregivers, a page at a time), and any look-up by role.
    index('users_role_name_idx').on(t.role, t.firstName, t.secondName, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Failed logins, kept briefly to throttle guessing per account and per client address. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usernameKey: text().notNull(),
    ip: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failures_user_idx').on(t.usernameKey, t.at),
    index('login_failures_ip_idx').on(t.ip, t.at),
  ],
);

/**
 * Login attempts refused with 429, counted per client address and throttle window: a flood of
 * refused attempts adds one audit row per address and window, and its size is kept here.
 */
export const loginThrottleCounts = pgTable(
  'login_throttle_counts',
  {
    ip: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ip, t.windowStart] })],
);

/** One-time recovery codes for two-factor sign-in: only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
