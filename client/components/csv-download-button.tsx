import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { csvTexts } from '../../shared/messages.ts';
import { notify } from '../lib/notify.ts';
import { csvPathOf, downloadCsv } from './api/csv-download.ts';

interface CsvDownloadButtonProps {
  /** The list's API path (`/api/patients`, `/api/medical-records/patient/5`) or a CSV path. */
  path: string;
  /** The list's current query without paging: search, sort, filters (`usePagedList().exportQuery`). */
  query?: Record<string, string | number | undefined>;
  /** The list's name, for the button's accessible name ("Download CSV of Patients"). */
  listName: string;
}

/**
 * "Download CSV": every row of the list as shown (its filters, sort and search), fetched with the
 * session, saved under the server's file name. Busy while it downloads; a failure is a notice.
 */
export function CsvDownloadButton({ path, query = {}, listName }: CsvDownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const target = path.endsWith('.csv') ? { path, query } : csvPathOf(path, query);

  const download = async () => {
    setBusy(true);
    try {
      await downloadCsv(target.path, target.query, `${listName.toLowerCase()}.csv`);
    } catch {
      notify('error', csvTexts.failed, { toastId: `csv-${target.path}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy}
      aria-label={busy ? undefined : csvTexts.downloadOf(listName)}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {busy ? csvTexts.downloading : csvTexts.download}
    </Button>
  );
}
