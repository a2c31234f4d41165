import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  Paper,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { fhirTexts } from '../../../shared/messages.ts';
import type { FhirExportManifest } from '../../../shared/schemas/fhir.ts';
import { ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { notify } from '../../lib/notify.ts';
import { downloadExportFile } from './api/download-export-file.ts';
import { useExportManifest } from './api/get-export-manifest.ts';

type File = FhirExportManifest['output'][number];

interface Progress {
  type: string;
  done: number;
  total: number;
}

/**
 * The administrators' agency export: every patient's data as FHIR R4 NDJSON, one file per
 * resource type. Each file downloads as a stream with its progress (resources so far of the
 * manifest's count); "Download all" takes the files one after another.
 */
export default function AgencyExportPage() {
  const manifest = useExportManifest();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;

  async function download(files: File[]) {
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    let current: File | undefined;
    try {
      for (const file of files) {
        current = file;
        setProgress({ type: file.type, done: 0, total: file.count });
        const count = await downloadExportFile(
          file.url,
          `${file.type}.ndjson`,
          (done) => setProgress({ type: file.type, done, total: file.count }),
          controller.signal,
        );
        if (files.length === 1) notify('success', fhirTexts.fileDone(file.type, count));
      }
      if (files.length > 1) notify('success', fhirTexts.allDone(files.length));
    } catch (failure) {
      if ((failure as Error).name === 'AbortError') setError(fhirTexts.cancelled);
      else setError(fhirTexts.failed(current?.type ?? '', (failure as Error).message));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  if (manifest.isLoading) return <LoadingState label={fhirTexts.loadingManifest} />;
  if (!manifest.data) {
    return (
      <>
        <PageHeader title={fhirTexts.agencyTitle} />
        <ErrorState text={fhirTexts.manifestFailed} onRetry={() => void manifest.refetch()} />
      </>
    );
  }
  const files = manifest.data.output;

  return (
    <>
      <PageHeader
        title={fhirTexts.agencyTitle}
        actions={
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={busy}
            onClick={() => void download(files)}
          >
            {fhirTexts.downloadAll}
          </Button>
        }
      />
      <Typography sx={{ mb: 2 }}>{fhirTexts.agencyIntro}</Typography>

      <Box role="status" aria-live="polite" sx={{ mb: 2, minHeight: 48 }}>
        {progress && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                mb: 1,
              }}
            >
              <Typography>
                {fhirTexts.progressLabel(progress.type)}:{' '}
                {fhirTexts.progress(progress.done, progress.total)}
              </Typography>
              <Button size="small" onClick={() => abort.current?.abort()}>
                {fhirTexts.cancel}
              </Button>
            </Box>
            <LinearProgress
              variant="determinate"
              value={
                progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : 100
              }
              aria-label={fhirTexts.progressLabel(progress.type)}
            />
          </Paper>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}

      <Paper variant="outlined">
        <List aria-label={fhirTexts.fileColumn} disablePadding>
          {files.map((file, index) => (
            <ListItem
              key={file.type}
              divider={index < files.length - 1}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 1.5 }}
            >
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {file.type}.ndjson
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {fhirTexts.countColumn}: {file.count.toLocaleString('en')}
                </Typography>
              </Box>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={busy}
                onClick={() => void download([file])}
                aria-label={fhirTexts.downloadType(file.type)}
              >
                {fhirTexts.download}
              </Button>
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
