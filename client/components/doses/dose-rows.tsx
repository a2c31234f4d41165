import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { doseRoundTexts, doseTexts, offlineTexts } from '../../../shared/messages.ts';
import type { Dose, DoseSlot, PrnStatus } from '../../../shared/schemas/doses.ts';
import { WaitingToSendChip } from '../waiting-to-send-chip.tsx';
import { PrnState } from './dose-state.tsx';
import { doseTimeText } from './dose-format.ts';
import { DoseStatusChip } from './dose-status-chip.tsx';
import type { DoseRecording } from './use-dose-recording.tsx';

/**
 * A 48 px target, and on a phone the row shared out, so a thumb finds it; with large text a
 * button that no longer fits beside the other takes a line of its own.
 */
const bigButton = { minHeight: 48, flex: { xs: '1 1 auto', sm: '0 0 auto' }, px: 2.5 } as const;

/** What the medicine is: name, dosage, route and instructions, wrapping at any font size. */
function Medicine({
  medication,
  dosage,
  route,
  instructions,
}: Pick<DoseSlot, 'medication' | 'dosage' | 'route' | 'instructions'>) {
  const details = [route ? doseTexts.routeLabels[route] : '', instructions].filter(Boolean);
  return (
    <Box sx={{ minWidth: 0, flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
      <Typography component="span" sx={{ fontWeight: 600, fontSize: '1.1rem', mr: 1 }}>
        {medication}
      </Typography>
      {dosage && <Typography component="span">{dosage}</Typography>}
      {details.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details.join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

/** A row's frame: the medicine and its status on top, its outcome or buttons below. */
function RowFrame({ top, children }: { top: ReactNode; children?: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
        display: 'grid',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>{top}</Box>
      {children}
    </Box>
  );
}

/**
 * One scheduled dose: the medicine, its time, its status in words, its outcome once recorded
 * (who, when, why), and the buttons the user may use: Given and Not given… while it has no
 * outcome, Correct once it has.
 */
export function DoseSlotRow({
  slot,
  timeZone,
  today,
  recording,
  showTime = true,
}: {
  slot: DoseSlot;
  timeZone: string;
  /** False under a heading that already says the time. */
  showTime?: boolean;
  /** The agency's date today: a dose of another day shows its date. */
  today: string;
  /** Absent: the user may not record doses. */
  recording?: DoseRecording;
}) {
  const time =
    slot.localDate === today ? slot.localTime : doseTimeText(slot.scheduledAt, timeZone, today);
  const outcome = slot.outcome;
  const busy = recording?.isPending(slot) ?? false;
  // Recorded on this phone and not yet sent: said so, and not recordable again here.
  const queued = outcome ? undefined : recording?.queuedFor(slot);
  return (
    <RowFrame
      top={
        <>
          <Medicine {...slot} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {showTime && (
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {doseRoundTexts.dueAtTime(time)}
              </Typography>
            )}
            <DoseStatusChip status={slot.status} />
            {queued && <WaitingToSendChip />}
          </Box>
        </>
      }
    >
      {queued && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {queued.label}
        </Typography>
      )}
      {outcome && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {[
            `${doseRoundTexts.outcomeBy(doseTexts.outcomeLabels[outcome.outcome], outcome.recordedByName)}${
              outcome.givenAt
                ? ` ${doseRoundTexts.givenAtTime(doseTimeText(outcome.givenAt, timeZone, slot.localDate))}`
                : ''
            }`,
            outcome.reason ? doseTexts.reasonLabels[outcome.reason] : '',
            outcome.note,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      {recording && !queued && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          {outcome ? (
            <Button
              variant="outlined"
              sx={bigButton}
              aria-label={doseRoundTexts.correctAction(slot.medication, time)}
              onClick={() => recording.openCorrect(outcome.doseId, timeZone)}
            >
              {doseTexts.correct}
            </Button>
          ) : (
            <>
              {slot.status !== 'upcoming' && (
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<CheckIcon />}
                  sx={bigButton}
                  disabled={busy}
                  aria-label={doseRoundTexts.givenAction(slot.medication, time)}
                  onClick={() => recording.giveNow(slot)}
                >
                  {doseTexts.recordGiven}
                </Button>
              )}
              <Button
                variant="outlined"
                sx={bigButton}
                disabled={busy}
                aria-label={doseRoundTexts.notGivenAction(slot.medication, time)}
                onClick={() => recording.openNotGiven(slot, timeZone, today)}
              >
                {doseTexts.recordNotGiven}
              </Button>
            </>
          )}
        </Box>
      )}
    </RowFrame>
  );
}

/** An as-needed medicine: when the next dose may be given, and "Give a dose". */
export function PrnRow({
  prn,
  timeZone,
  today,
  recording,
}: {
  prn: PrnStatus;
  timeZone: string;
  today: string;
  recording?: DoseRecording;
}) {
  // A dose given while offline waits on this phone; another waits until it is sent, when the
  // server can say whether the interval allows it.
  const queued = recording?.queuedPrn(prn) ?? [];
  return (
    <RowFrame
      top={
        <>
          <Medicine {...prn} />
          {queued.length > 0 && <WaitingToSendChip />}
        </>
      }
    >
      <PrnState prn={prn} timeZone={timeZone} today={today} />
      {queued.map((change) => (
        <Typography key={change.id} variant="body2" sx={{ fontWeight: 600 }}>
          {offlineTexts.prnWaiting(doseTimeText(change.recordedAt, timeZone, today))}
        </Typography>
      ))}
      {recording && (
        <Box sx={{ display: 'flex' }}>
          <Button
            variant="outlined"
            sx={bigButton}
            disabled={queued.length > 0}
            aria-label={doseRoundTexts.prnAction(prn.medication)}
            onClick={() => recording.openPrn(prn, timeZone, today)}
          >
            {doseTexts.recordPrn}
          </Button>
        </Box>
      )}
    </RowFrame>
  );
}

/** An as-needed dose given: when, why, by whom; Correct for those who record doses. */
export function PrnGivenRow({
  dose,
  timeZone,
  recording,
}: {
  dose: Dose;
  timeZone: string;
  recording?: DoseRecording;
}) {
  const time = doseTimeText(dose.doseTime, timeZone);
  return (
    <RowFrame
      top={
        <>
          <Medicine
            medication={dose.medication}
            dosage={dose.dosage}
            route={null}
            instructions=""
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {time}
            </Typography>
            <DoseStatusChip status={dose.outcome} />
          </Box>
        </>
      }
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {[
          doseRoundTexts.outcomeBy(doseTexts.outcomeLabels[dose.outcome], dose.recordedByName),
          dose.prnReason,
          dose.note,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {recording && (
        <Box sx={{ display: 'flex' }}>
          <Button
            variant="outlined"
            sx={bigButton}
            aria-label={doseRoundTexts.correctAction(dose.medication, time)}
            onClick={() => recording.openCorrect(dose.id, timeZone)}
          >
            {doseTexts.correct}
          </Button>
        </Box>
      )}
    </RowFrame>
  );
}
