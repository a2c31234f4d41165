import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../shared/format.ts';
import { importTexts } from '../../../shared/messages.ts';
import {
  importCsvColumns,
  importCsvTemplate,
  type ImportProblem,
  type ImportResult,
  type ImportRow,
} from '../../../shared/schemas/patient-import.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useImportPatients } from './api/import-patients.ts';

const texts = importTexts;
/** The most rows each table draws: a large file's first ones tell what to fix. */
const SHOWN = 500;

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(importCsvTemplate)}`;

const showDob = (dob: string) => (/^\d{4}-\d{2}-\d{2}$/.test(dob) ? formatDate(dob) : dob);

const problemColumns: Column<ImportProblem>[] = [
  { key: 'row', header: texts.columnRow, nowrap: true, render: (p) => p.row },
  { key: 'field', header: texts.columnField, minWidth: '8em', render: (p) => p.field },
  {
    key: 'message',
    cardTitle: true,
    header: texts.columnMessage,
    minWidth: '12em',
    render: (p) => p.message,
  },
];

const duplicateColumns: Column<ImportRow>[] = [
  { key: 'row', header: texts.columnRow, nowrap: true, render: (r) => r.row },
  { key: 'name', cardTitle: true, header: texts.columnName, render: (r) => r.name },
  { key: 'dob', header: texts.columnDob, nowrap: true, render: (r) => showDob(r.dob) },
  {
    key: 'of',
    header: texts.columnDuplicateOf,
    render: (r) =>
      r.duplicateOf === 'agency' ? texts.inAgency : texts.inFileRow(r.duplicateOf ?? 0),
  },
];

const statusLabel = {
  new: texts.statusNew,
  duplicate: texts.statusDuplicate,
  problem: texts.statusProblem,
};
const rowColumns: Column<ImportRow>[] = [
  { key: 'row', header: texts.columnRow, nowrap: true, render: (r) => r.row },
  { key: 'name', cardTitle: true, header: texts.columnName, render: (r) => r.name },
  { key: 'dob', header: texts.columnDob, nowrap: true, render: (r) => showDob(r.dob) },
  { key: 'allergies', header: texts.columnAllergies, render: (r) => r.allergies },
  { key: 'conditions', header: texts.columnConditions, render: (r) => r.conditions },
  { key: 'status', header: texts.columnStatus, render: (r) => statusLabel[r.status] },
];

/** The check's answer: the summary, then problems, duplicates, left-out resources and rows. */
function CheckResult({ result }: { result: ImportResult }) {
  const duplicates = result.rows.filter((r) => r.status === 'duplicate');
  const counts = [result.patients, result.allergies, result.conditions] as const;
  return (
    <Stack spacing={3} sx={{ mt: 3 }}>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
          {texts.summaryTitle}
        </Typography>
        {result.imported ? (
          <Alert severity="success">
            {texts.doneSummary(...counts)}{' '}
            {/* The alert's own text colour: the link blue on its pale green is under 4.5:1. */}
            <Link component={RouterLink} to="/patients" color="inherit" sx={{ fontWeight: 600 }}>
              {texts.toPatients}
            </Link>
          </Alert>
        ) : result.problems.length > 0 ? (
          <Alert severity="error">
            {texts.summary(...counts)} {texts.fixFirst}
          </Alert>
        ) : result.patients === 0 ? (
          <Alert severity="warning">{texts.nothingToImport}</Alert>
        ) : (
          <Alert severity="info">{texts.summary(...counts)}</Alert>
        )}
      </Box>
      {result.problems.length > 0 && (
        <Section title={`${texts.problemsTitle} (${result.problems.length})`}>
          <DataTable
            label={texts.problemsTitle}
            columns={problemColumns}
            rows={result.problems.slice(0, SHOWN)}
            rowKey={(p) => `${p.row}-${p.field}-${p.message}`}
            emptyText=""
          />
        </Section>
      )}
      {duplicates.length > 0 && (
        <Section title={`${texts.duplicatesTitle} (${duplicates.length})`}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {texts.duplicatesHelp}
          </Typography>
          <DataTable
            label={texts.duplicatesTitle}
            columns={duplicateColumns}
            rows={duplicates.slice(0, SHOWN)}
            rowKey={(r) => r.row}
            emptyText=""
          />
        </Section>
      )}
      {result.skipped.length > 0 && (
        <Section title={`${texts.skippedTitle} (${result.skipped.length})`}>
          <DataTable
            label={texts.skippedTitle}
            columns={problemColumns}
            rows={result.skipped.slice(0, SHOWN)}
            rowKey={(p) => `${p.row}-${p.field}`}
            emptyText=""
          />
        </Section>
      )}
      {result.rows.length > 0 && (
        <Section title={`${texts.patientsTitle} (${result.rows.length})`}>
          <DataTable
            label={texts.patientsTitle}
            columns={rowColumns}
            rows={result.rows.slice(0, SHOWN)}
            rowKey={(r) => r.row}
            emptyText=""
          />
        </Section>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** `/import-patients`: choose a file, check it (a dry run), then import it in one step. */
export default function ImportPatientsPage() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [dragging, setDragging] = useState(false);
  const mutation = useImportPatients();
  const busy = mutation.isPending;
  const checking = busy && mutation.variables?.dryRun === true;
  const importing = busy && mutation.variables?.dryRun === false;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setError(null);
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    try {
      const answer = await mutation.mutateAsync({ file, dryRun });
      setResult(answer);
      if (answer.imported) {
        notify('success', texts.imported(answer.patients));
        setFile(null);
        if (input.current) input.current.value = '';
      }
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.body : undefined;
      const refused = (body as { result?: ImportResult } | undefined)?.result;
      if (refused) setResult(refused);
      else setResult(null);
      setError(
        failure instanceof ApiError && failure.status > 0 ? failure.message : texts.errorChecking,
      );
    }
  };

  const canImport =
    file !== null &&
    result !== null &&
    !result.imported &&
    result.problems.length === 0 &&
    result.patients > 0;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };

  return (
    <Box>
      <PageHeader title={texts.title} />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 1 }}>{texts.intro}</Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {texts.allOrNothing}
        </Alert>
        <Typography variant="body2">{texts.csvHelp}</Typography>
        <Box
          component="ul"
          sx={{ mt: 0.5, mb: 1, pl: 3, columns: { xs: 1, sm: 2 }, fontFamily: 'monospace' }}
        >
          {importCsvColumns.map((column) => (
            <li key={column}>{column}</li>
          ))}
        </Box>
        <Typography variant="body2">{texts.csvDates}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {texts.fhirHelp}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {texts.duplicatesHelp}
        </Typography>
        <Link
          href={templateHref}
          download="patients-template.csv"
          sx={{ display: 'inline-block', mt: 1 }}
        >
          {texts.template}
        </Link>

        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            mt: 3,
            p: 2,
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 1,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
          }}
        >
          <input
            ref={input}
            type="file"
            hidden
            aria-label={texts.chooseFile}
            accept=".csv,.json,text/csv,application/json,application/fhir+json"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {texts.chooseFile}
          </Button>
          <Typography aria-live="polite" sx={{ overflowWrap: 'anywhere' }}>
            {file ? texts.chosen(file.name) : `${texts.noFile} (${texts.dropHere})`}
          </Typography>
        </Box>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => void run(true)} disabled={!file || busy}>
            {checking ? texts.checking : texts.check}
          </Button>
          <Button
            variant="contained"
            color="success"
            onClick={() => setConfirming(true)}
            disabled={!canImport || busy}
          >
            {importing ? texts.importing : texts.importButton(result?.patients ?? 0)}
          </Button>
        </Stack>

        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {result && <CheckResult result={result} />}
      </Paper>

      <ConfirmDialog
        open={confirming}
        title={texts.confirmTitle}
        message={`${texts.confirmBody(result?.patients ?? 0, result?.allergies ?? 0, result?.conditions ?? 0)} ${texts.allOrNothing}`}
        confirmLabel={texts.confirm}
        confirmColor="primary"
        busy={importing}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void run(false);
        }}
      />
    </Box>
  );
}
