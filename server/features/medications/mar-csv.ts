import { csvTexts, doseTexts } from '../../../shared/messages.ts';
import type { Mar } from '../../../shared/schemas/doses.ts';
import type { RequestContext } from '../../auth/context.ts';
import { attachment, CSV_CONTENT_TYPE, csvDocument, type CsvColumn } from '../../lib/csv.ts';
import { instantText, type CsvDownload } from '../../lib/csv-export.ts';
import { Readable } from 'node:stream';
import { getMar } from './dose-reads.ts';

/** A line of the MAR grid: a medication at a time, and its code on each day of the month. */
interface MarLine {
  medication: string;
  dosage: string;
  route: string;
  instructions: string;
  time: string;
  days: string[];
}

/** The MAR's lines: the scheduled rows as on screen, then one line per PRN dose given. */
function marLines(mar: Mar): MarLine[] {
  const scheduled = mar.rows.map((row) => ({
    medication: row.medication,
    dosage: row.dosage,
    route: row.route ? doseTexts.routeLabels[row.route] : '',
    instructions: row.instructions,
    time: row.time,
    days: row.cells.map((cell) => cell?.code ?? ''),
  }));
  const prn = mar.prn.map((dose) => {
    const local = instantText(dose.givenAt, mar.timeZone);
    const day = Number(local.slice(8, 10));
    const days = Array.from({ length: mar.days }, (_, i) =>
      i + 1 === day ? dose.recordedByName : '',
    );
    return {
      medication: dose.medication,
      dosage: dose.dosage,
      route: '',
      instructions: csvTexts.prnInstructions(dose.prnReason),
      time: csvTexts.prnTime(local.slice(11)),
      days,
    };
  });
  return [...scheduled, ...prn];
}

/**
 * GET /api/patients/{id}/mar.csv: the month's MAR as a grid, as on paper: a line per medication
 * and time with a column per day holding the screen's code (initials of who gave it, R refused,
 * a reason letter, M missed), then a line per PRN dose with who gave it under its day. Times are
 * the agency's, as on the MAR screen. Read (scope, 404, its 'list' audit row) by the MAR's own
 * read; one 'export' audit row for the patient.
 */
export async function exportMar(
  ctx: RequestContext,
  patientId: number,
  month: string | undefined,
): Promise<CsvDownload> {
  const mar = await getMar(ctx, patientId, month);
  const lines = marLines(mar);
  const { marColumns } = csvTexts;
  const columns: CsvColumn<MarLine>[] = [
    { header: marColumns.medication, value: (l) => l.medication },
    { header: marColumns.dosage, value: (l) => l.dosage },
    { header: marColumns.route, value: (l) => l.route },
    { header: marColumns.instructions, value: (l) => l.instructions },
    { header: marColumns.time, value: (l) => l.time },
    ...Array.from({ length: mar.days }, (_, i) => ({
      header: `${mar.month}-${String(i + 1).padStart(2, '0')}`,
      value: (l: MarLine) => l.days[i] ?? '',
    })),
  ];
  const csv = csvDocument(columns, lines);
  await ctx.audit.read({
    action: 'export',
    entity: 'mar',
    patientId,
    details: { rows: lines.length, month: mar.month },
  });
  const filename = `mar-patient-${patientId}-${mar.month}.csv`;
  return {
    filename,
    headers: {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': attachment(filename),
      'cache-control': 'no-store',
    },
    body: Readable.from([csv]),
  };
}
