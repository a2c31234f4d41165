import { int, mb, row, type Push } from './report-format.ts';
import type { AgencyExport, Report } from './report-types.ts';

/** Peak memory this far over the memory before the export is "not flat". */
export const EXPORT_RSS_GROWTH_MB = 300;

const perSecond = (resources: number, seconds: number) => int(resources / Math.max(seconds, 0.001));

/** All files together: resources, bytes and the rate over the time spent streaming them. */
export function exportTotals(e: AgencyExport): { resources: number; bytes: number; rate: number } {
  const resources = e.files.reduce((sum, f) => sum + f.resources, 0);
  const bytes = e.files.reduce((sum, f) => sum + f.bytes, 0);
  return { resources, bytes, rate: resources / Math.max(e.seconds, 0.001) };
}

/** The finding when the server's memory grew while streaming, or a file fell short of its count. */
export function exportFindings(e: AgencyExport | null): string[] {
  if (!e) return [];
  const out: string[] = [];
  if (e.rssBefore !== null && e.peakRss !== null) {
    const growth = (e.peakRss - e.rssBefore) / 1e6;
    if (growth > EXPORT_RSS_GROWTH_MB) {
      out.push(
        `Agency export: the server's resident memory peaked at ${mb(e.peakRss)} MB while streaming ${int(e.patients)} patients, ${mb(e.peakRss - e.rssBefore)} MB over the ${mb(e.rssBefore)} MB before (aim: flat, under ${EXPORT_RSS_GROWTH_MB} MB more).`,
      );
    }
  }
  for (const f of e.files) {
    if (f.resources !== f.listed) {
      out.push(
        `Agency export: ${f.type}.ndjson carried ${int(f.resources)} resources where the manifest listed ${int(f.listed)}.`,
      );
    }
  }
  return out;
}

/** The agency export's section: one row per NDJSON file, then all files together. */
export function agencyExportSection(report: Report, push: Push): void {
  push('## Agency export (FHIR bulk)', '');
  const e = report.agencyExport;
  if (!e) {
    push(`Not measured: ${report.agencyExportNote || 'the stage was not run'}.`, '');
    return;
  }
  const totals = exportTotals(e);
  push(
    `${int(e.patients)} patients with ${int(e.rows)} rows in each of the biggest tables and weekly visits for ${e.visitPatients === e.patients ? 'every patient' : `${int(e.visitPatients)} of them`} (generated in ${e.generationSeconds.toFixed(0)} s), on PostgreSQL. ` +
      `An admin's client fetched the manifest (\`GET /api/fhir/export\`, ${e.manifestSeconds.toFixed(1)} s: it counts every file) and then each file (\`GET /api/fhir/export/{type}.ndjson\`) in turn from the built app over loopback, reading each to its end and keeping nothing. ` +
      "Server RSS is the app process's resident memory from /proc/<pid>/status: VmRSS after start-up before the first request, VmHWM (the high-water mark) after each file.",
    '',
    '| File | resources | seconds | resources/s | MB | server peak RSS after, MB |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const f of e.files) {
    push(
      row([
        `${f.type}.ndjson`,
        int(f.resources),
        f.seconds.toFixed(1),
        perSecond(f.resources, f.seconds),
        (f.bytes / 1e6).toFixed(1),
        f.peakAfter === null ? '—' : mb(f.peakAfter),
      ]),
    );
  }
  const before = e.rssBefore === null ? '—' : `${mb(e.rssBefore)} MB`;
  const peak = e.peakRss === null ? '—' : `${mb(e.peakRss)} MB`;
  const after = e.rssAfter === null ? '' : ` (${mb(e.rssAfter)} MB after the last file)`;
  push(
    '',
    `**All files:** ${int(totals.resources)} resources, ${mb(totals.bytes)} MB in ${e.seconds.toFixed(1)} s = ${int(totals.rate)} resources/s; server RSS before ${before}, peak ${peak}${after}.`,
    '',
  );
}
