import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { localParts } from '../../../../shared/dose-schedule.ts';
import { rotaTexts, visitTexts } from '../../../../shared/messages.ts';
import type { VisitSummary } from '../../../../shared/schemas/visits.ts';
import { useFullScreenDialog } from '../../../components/dialog.ts';
import { dayLong } from '../lib/rota-dates.ts';
import { StatusChip, toneOf } from '../../../components/visits/visit-status.tsx';

/** A visit in words, for the dialogs' titles and confirmations. */
export const describeVisit = (visit: VisitSummary) =>
  `${visit.patientName}, ${dayLong(visit.localDate)}, ${visitTexts.timeRange(visit.startTime, visit.endTime)}`;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </>
  );
}

/**
 * A visit opened from the rota: its facts, and Edit, Cancel visit and Delete (a visit planned in
 * error). Only a planned visit can be edited or cancelled.
 */
export function VisitDetailsDialog({
  visit,
  conflicts = [],
  timeZone,
  onClose,
  onEdit,
  onCancel,
  onDelete,
  mayPlan = true,
}: {
  visit: VisitSummary | null;
  /** The rota's conflict messages about this visit. */
  conflicts?: string[];
  timeZone: string;
  onClose(): void;
  onEdit(visit: VisitSummary): void;
  onCancel(visit: VisitSummary): void;
  onDelete(visit: VisitSummary): void;
  /** Edit, cancel and delete are offered only to those who plan visits. */
  mayPlan?: boolean;
}) {
  const fullScreen = useFullScreenDialog();
  const clock = (at: string | null) => (at ? localParts(new Date(at), timeZone).time : '—');
  const planned = mayPlan && visit?.status === 'planned';
  return (
    <Dialog
      open={visit !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="visit-details-title"
    >
      {visit && (
        <>
          <DialogTitle id="visit-details-title">
            {rotaTexts.detailsTitle}: {visit.patientName}
          </DialogTitle>
          <DialogContent>
            <Box sx={{ mb: 2 }}>
              <StatusChip tone={toneOf(visit)} />
            </Box>
            {conflicts.map((message) => (
              <Alert key={message} severity="warning" sx={{ mb: 2 }}>
                {message}
              </Alert>
            ))}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, auto) 1fr' },
                columnGap: 2,
                rowGap: { xs: 0.25, sm: 1 },
                m: 0,
                '& dd': { mb: { xs: 1, sm: 0 } },
              }}
            >
              <Fact label={visitTexts.patient} value={visit.patientName} />
              <Fact
                label={visitTexts.caregiver}
                value={visit.caregiverId === null ? visitTexts.unassigned : visit.caregiverName}
              />
              <Fact label={visitTexts.date} value={dayLong(visit.localDate)} />
              <Fact
                label={rotaTexts.time}
                value={visitTexts.timeRange(visit.startTime, visit.endTime)}
              />
              <Fact
                label={visitTexts.serviceType}
                value={visitTexts.serviceTypeLabels[visit.serviceType]}
              />
              <Fact label={visitTexts.checkIn} value={clock(visit.checkInAt)} />
              <Fact label={visitTexts.checkOut} value={clock(visit.checkOutAt)} />
              <Fact
                label={visitTexts.tasks}
                value={
                  visit.taskCount === 0
                    ? visitTexts.noTasks
                    : rotaTexts.tasksDone(visit.tasksDone, visit.taskCount)
                }
              />
              {visit.cancelReason && (
                <Fact label={rotaTexts.cancelReason} value={visit.cancelReason} />
              )}
            </Box>
            {mayPlan && !planned && (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {rotaTexts.notChangeable}
              </Typography>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            {mayPlan && (
              <Button onClick={() => onDelete(visit)} color="error" variant="outlined">
                {rotaTexts.deleteVisit}
              </Button>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Button onClick={onClose}>{rotaTexts.close}</Button>
            {planned && (
              <Button onClick={() => onCancel(visit)} variant="outlined">
                {rotaTexts.cancelVisit}
              </Button>
            )}
            {planned && (
              <Button onClick={() => onEdit(visit)} variant="contained" autoFocus>
                {rotaTexts.edit}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
