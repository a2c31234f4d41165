import { dbId } from './common.ts';
import { z } from 'zod';

/** What GET /api/directory answers: names and ids only, for pickers. */
export const directoryEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const directoryRoles = ['doctor', 'caregiver', 'patient'] as const;
export type DirectoryRole = (typeof directoryRoles)[number];

export const directoryQuerySchema = z.object({
  role: z.enum(directoryRoles, { message: 'role must be doctor, caregiver or patient' }),
  q: z.string().trim().max(100).optional(),
  /** Resolve one id to its name (to label a pre-filled picker). */
  id: dbId().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
