import {
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { offlineTexts, visitDayTexts, visitTexts } from '../../../shared/messages.ts';
import type { MyVisit } from '../../../shared/schemas/visits.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useCheckIn } from './api/check-in.ts';
import { positionText, usePosition } from './use-position.ts';
import { VisitDialogFrame } from './visit-dialog-frame.tsx';
import { visitTimeText } from './visit-day-format.ts';

/**
 * Check-in: says first that the position goes with the check-in only if allowed, then asks the
 * browser for it and records the check-in whatever the answer. The notice says what was kept
 * ("Checked in at 09:02 · position shared (±12 m)"). A refusal of the server (already checked
 * in, too early, closed) stays in the dialog in words.
 */
export function CheckInDialog({
  visit,
  timeZone,
  onClose,
}: {
  visit: MyVisit | null;
  timeZone: string;
  onClose(): void;
}) {
  return (
    <VisitDialogFrame visit={visit} onClose={onClose}>
      {(shown, titleId, opening) => (
        <CheckInBody
          key={opening}
          visit={shown}
          timeZone={timeZone}
          titleId={titleId}
          onClose={onClose}
        />
      )}
    </VisitDialogFrame>
  );
}

function CheckInBody({
  visit,
  timeZone,
  titleId,
  onClose,
}: {
  visit: MyVisit;
  timeZone: string;
  titleId: string;
  onClose(): void;
}) {
  const checkIn = useCheckIn();
  const position = usePosition();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = position.asking || checkIn.isPending;

  const confirm = async () => {
    setProblem(null);
    const location = await position.request();
    checkIn.mutate(
      {
        id: visit.id,
        body: { location },
        label: offlineTexts.checkInLabel(
          visit.patientName,
          visitTexts.timeRange(visit.startTime, visit.endTime),
        ),
      },
      {
        onSuccess: (result) => {
          if (result.queued) {
            notify('info', offlineTexts.queued);
            onClose();
            return;
          }
          const saved = result.data;
          notify(
            'success',
            visitDayTexts.checkedInNotice(
              visitTimeText(saved.checkInAt ?? new Date().toISOString(), timeZone),
              positionText(saved.checkInLocation ?? location.status, saved.checkInAccuracy),
            ),
          );
          onClose();
        },
        onError: (error) =>
          setProblem(error instanceof ApiError ? error.message : visitDayTexts.errorCheckIn),
      },
    );
  };

  return (
    <>
      <DialogTitle id={titleId}>{visitDayTexts.checkInTitle(visit.patientName)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {visitTexts.timeRange(visit.startTime, visit.endTime)} ·{' '}
          {visitTexts.serviceTypeLabels[visit.serviceType]}
        </Typography>
        {visit.patientAddress && <Typography>{visit.patientAddress}</Typography>}
        <Typography>{visitDayTexts.positionExplain}</Typography>
        {position.asking && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={24} />
            <Typography>{visitDayTexts.askingPosition}</Typography>
          </Box>
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {visitDayTexts.cancel}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={() => void confirm()}
          disabled={busy}
          sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 } }}
        >
          {visitDayTexts.checkInConfirm}
        </Button>
      </DialogActions>
    </>
  );
}
