/**
 * The address of a timesheet's CSV (GET /api/timesheets/export, the same period and caregiver
 * as the screen; without a caregiver a supervisor gets every caregiver). Followed by a link with
 * `download`: the session cookie goes with it and the server names the file.
 */
export function timesheetExportUrl(caregiverId: number | null, from: string, to: string): string {
  const params = new URLSearchParams({ from, to });
  if (caregiverId !== null) params.set('caregiverId', String(caregiverId));
  return `/api/timesheets/export?${params.toString()}`;
}
