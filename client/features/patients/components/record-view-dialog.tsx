import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { chartTexts } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { recordType } from '../../../../shared/record-types.ts';
import type { Appointment } from '../../../../shared/schemas/appointments.ts';
import type { TimelineEntry } from '../../../../shared/schemas/chart.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useFullScreenDialog } from '../../../components/dialog.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { useDeleteRecord } from '../../../components/records/api/delete-record.ts';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/auth.tsx';
import { seesOwnRecordOnly } from '../../../../shared/permissions.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnits } from '../../../lib/units.ts';
import { useRecord } from '../api/get-record.ts';
import { chartTypes, type ChartType, type FieldLine } from './chart-types.tsx';

const f = chartTexts.fields;

/** A patient reads the doctor by name only: a username is half a login. */
const appointmentFields = (a: Appointment, readerIsPatient: boolean): FieldLine[] => [
  {
    label: f.doctor,
    value: readerIsPatient ? a.doctorName : `${a.doctorName} (${a.doctorUsername})`,
  },
  { label: f.appointmentDate, value: formatDateTime(a.appointmentDate) },
  { label: f.location, value: a.location },
];

/** Several values of one field, one per line; struck through (a <del>) for earlier versions. */
function ValueList({ line }: { line: FieldLine }) {
  const values = typeof line.value === 'string' ? [line.value] : line.value;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', '& li + li': { mt: 0.5 } }}>
      {values.map((value, index) => (
        <li key={index}>
          {line.struck ? (
            <Box component="del" sx={{ color: 'text.secondary' }}>
              {value}
            </Box>
          ) : (
            value
          )}
        </li>
      ))}
    </Box>
  );
}

/** The fields of a record as a list of terms and values; empty values are left out. */
export function FieldList({ lines }: { lines: FieldLine[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
        '& dt': { fontWeight: 600, color: 'text.secondary' },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
      }}
    >
      {lines
        .filter((line) => line.value.length > 0)
        .map((line) => (
          <Box key={line.label} sx={{ display: 'contents' }}>
            <dt>{line.label}</dt>
            <dd>
              {line.href ? (
                <Link component={RouterLink} to={line.href}>
                  {line.value}
                </Link>
              ) : typeof line.value === 'string' ? (
                line.value
              ) : (
                <ValueList line={line} />
              )}
            </dd>
          </Box>
        ))}
    </Box>
  );
}

/**
 * One timeline entry's record, read afresh (GET /api/<plural>/{id}): its fields, and Edit and
 * Delete when the user may (the same rules as the type's table). Editing opens the type's form
 * with the patient preset; deleting asks first.
 */
export function RecordViewDialog({
  entry,
  patientId,
  onClose,
}: {
  entry: Pick<TimelineEntry, 'type' | 'id'> | null;
  patientId: number;
  onClose(): void;
}) {
  const { user, can } = useSession();
  const units = useUnits();
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  // The last entry opened stays while the dialog fades out, so its fields do not vanish first.
  const [last, setLast] = useState(entry);
  if (entry && entry !== last) setLast(entry);
  const type = last?.type ?? 'medical-record';
  const record = useRecord<{ id: number }>(type, last?.id ?? null);
  const remove = useDeleteRecord(type);
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const config =
    type === 'appointment' ? null : (chartTypes[type] as unknown as ChartType<{ id: number }>);
  const asker = { user, can };
  const row = record.data;
  const mayEdit = Boolean(config && row && config.mayEdit(row, asker));
  const mayDelete = Boolean(config && row && config.mayDelete(row, asker));

  const close = () => {
    setMode('view');
    onClose();
  };

  const confirmDelete = async () => {
    if (!config || !row) return;
    try {
      await remove.mutateAsync(row.id);
      notify('success', config.remove.success);
      close();
    } catch {
      notify('error', config.remove.error);
      setMode('view');
    }
  };

  const missing = record.error instanceof ApiError && record.error.status === 404;
  let body;
  if (record.isLoading) body = <LoadingState />;
  else if (missing) body = <EmptyState text={chartTexts.recordMissing} />;
  else if (record.isError || !row)
    body = <ErrorState text={chartTexts.recordError} onRetry={() => void record.refetch()} />;
  else
    body = (
      <FieldList
        lines={
          config
            ? config.fields(row, units)
            : appointmentFields(row as unknown as Appointment, seesOwnRecordOnly(user))
        }
      />
    );

  return (
    <>
      <Dialog
        open={entry !== null && mode === 'view'}
        onClose={close}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
      >
        <DialogTitle id={titleId}>{recordType(type).labels.one}</DialogTitle>
        <DialogContent>
          <Typography component="div">{body}</Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {mayDelete && (
            <Button color="error" size="large" onClick={() => setMode('delete')}>
              {chartTexts.delete}
            </Button>
          )}
          {mayEdit && (
            <Button variant="outlined" size="large" onClick={() => setMode('edit')}>
              {chartTexts.edit}
            </Button>
          )}
          <Button variant="contained" size="large" onClick={close}>
            {chartTexts.close}
          </Button>
        </DialogActions>
      </Dialog>
      {config && row && (
        <config.Form
          open={mode === 'edit'}
          record={row}
          patientId={patientId}
          onClose={() => setMode('view')}
        />
      )}
      {config && row && (
        <ConfirmDialog
          open={mode === 'delete'}
          title={config.remove.title}
          message={`${config.describe(row)}: ${config.remove.message}`}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setMode('view')}
        />
      )}
    </>
  );
}
