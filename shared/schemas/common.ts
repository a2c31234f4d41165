import { z } from 'zod';

/** The largest id a database integer column holds: larger ids are simply not found. */
export const MAX_ID = 2_147_483_647;

/** A record id in a path or query: a positive whole number that fits the database column. */
export const dbId = () => z.coerce.number().int().positive().max(MAX_ID);

/** A required text field: trimmed, and empty answers the given message. */
export const requiredText = (message: string, max = 2000) =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An optional text field that may be omitted, null or empty. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

/** An id given as a number or a numeric string (forms and multipart send strings). */
export const requiredId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z.number({ message }).int(message).positive(message).max(MAX_ID, message),
  );

/** A point in time (ISO 8601 with or without zone; without one it is read as UTC). */
export const requiredDateTime = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a valid date and time');

/** A calendar date YYYY-MM-DD. */
export const requiredDate = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date like 2024-12-01')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Must be a valid date');

/** Paging and search accepted by every list endpoint. */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: z.string().trim().max(200).optional(),
  /**
   * `none` when the caller shows no total (a dashboard card with the latest few): a full page
   * then costs no count, and X-Total-Count is the rows up to the page's end, flagged
   * X-Total-Count-Capped. A short page still tells the exact total.
   */
  count: z
    .enum(['bounded', 'none'], { message: "count must be 'bounded' or 'none'" })
    .default('bounded')
    .describe(
      "'none' skips counting past a full page: X-Total-Count is then a lower bound (capped)",
    ),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const idParamsSchema = z.object({ id: dbId() });

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
