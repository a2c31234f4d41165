import { ApiError } from '../../../lib/api.ts';

/**
 * Downloads one NDJSON file of the agency export (GET /api/fhir/export/{type}.ndjson), reading
 * the body as a stream so `onProgress` can tell how many resources (lines) have arrived, then
 * hands it to the browser to save under its own name. Answers the number of resources.
 */
export async function downloadExportFile(
  url: string,
  filename: string,
  onProgress: (resources: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'ElderCare' },
    signal,
  });
  if (!response.ok || !response.body) {
    let message = response.statusText || 'Request failed';
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, message);
  }
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    onProgress(lines);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(parts, { type: 'application/fhir+ndjson' }));
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return lines;
}
