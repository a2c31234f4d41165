import { apiDownload } from '../../lib/api.ts';

type Query = Record<string, string | number | undefined>;

/**
 * The CSV sibling of a list's path: `/api/patients` → `/api/patients.csv`; a list narrowed in
 * its path (`/api/<plural>/patient/5`, `/doctor/7`, `/caregiver/9`) becomes the same list's
 * filter (`patientId=5`), which the CSV takes with the same scope.
 */
export function csvPathOf(path: string, query: Query): { path: string; query: Query } {
  const narrowed = /^(.*)\/(patient|doctor|caregiver)\/(\d+)$/.exec(path);
  if (narrowed) {
    const [, base, segment, id] = narrowed;
    return { path: `${base}.csv`, query: { ...query, [`${segment}Id`]: id } };
  }
  return { path: `${path}.csv`, query };
}

/** Downloads a list's CSV with the session and saves it under the server's file name. */
export async function downloadCsv(path: string, query: Query, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiDownload(path, { query });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the browser's download; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
