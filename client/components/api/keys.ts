import type { DirectoryRole } from '../../../shared/schemas/directory.ts';

/** Query keys of the shared pieces: the directory the person pickers search. */
export const directoryKeys = {
  search: (role: DirectoryRole, q: string) => ['directory', role, q] as const,
  entry: (role: DirectoryRole, id: number | null) => ['directory', role, 'id', id] as const,
};

/** The doctors of a patient's care team, as the appointment dialog offers them. */
export const careTeamKeys = {
  doctors: (patientId: number | null) => ['care-team', patientId] as const,
};
