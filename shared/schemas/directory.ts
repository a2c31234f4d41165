import { dbId } from './common.ts';
import { z } from 'zod';

/** What GET /api/directory answers: names and ids only, for pickers. */
export const directoryEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** A deleted patient (only ever listed with `includeDeleted`). */
  deleted: z.boolean().optional(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/**
 * Active doctors or caregivers, patients in scope, or `account`: every account, active or not,
 * by name or username (for the audit log's filters; those who read the audit log or manage
 * users only).
 */
export const directoryRoles = ['doctor', 'caregiver', 'patient', 'account'] as const;
export type DirectoryRole = (typeof directoryRoles)[number];

export const directoryQuerySchema = z
  .object({
    role: z.enum(directoryRoles, {
      message: 'The role must be one of: doctor, caregiver, patient, account.',
    }),
    q: z.string().trim().max(100).optional(),
    /** Resolve one id to its name (to label a pre-filled picker). */
    id: dbId().optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
    /**
     * Deleted patients too, each marked `deleted` (the audit log and deleted records are about
     * the past): for those who read the audit log or restore records only.
     */
    includeDeleted: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .enum(['true', 'false'], { message: 'includeDeleted must be true or false.' })
        .optional()
        .transform((value) => value === 'true'),
    ),
  })
  .refine((query) => !query.includeDeleted || query.role === 'patient', {
    message: 'includeDeleted applies to patients only (role=patient).',
    path: ['includeDeleted'],
  });
