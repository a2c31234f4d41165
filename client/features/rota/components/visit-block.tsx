import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Box, ButtonBase } from '@mui/material';
import { rotaTexts, visitTexts } from '../../../../shared/messages.ts';
import type { VisitSummary } from '../../../../shared/schemas/visits.ts';
import { StatusMark, toneOf, useToneColours } from '../../../components/visits/visit-status.tsx';

/** The element id of a visit's block, so a conflict in the list can take the focus to it. */
export const blockId = (visitId: number) => `rota-visit-${visitId}`;

/**
 * A visit on the week grid: a button (Enter or Space opens the visit) showing its times,
 * patient, type of service and state in words, coloured by state, with a conflict marked by an
 * icon and a word.
 */
export function VisitBlock({
  visit,
  conflict,
  onOpen,
}: {
  visit: VisitSummary;
  conflict: boolean;
  onOpen(visit: VisitSummary): void;
}) {
  const tone = toneOf(visit);
  const colours = useToneColours()(tone);
  return (
    <ButtonBase
      id={blockId(visit.id)}
      onClick={() => onOpen(visit)}
      data-status={tone}
      data-conflict={conflict || undefined}
      focusRipple
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        textAlign: 'left',
        width: '100%',
        minHeight: 44,
        px: 1,
        py: 0.75,
        borderRadius: 1.5,
        bgcolor: colours.bg,
        color: colours.fg,
        border: conflict ? '2px dashed currentColor' : '1px solid transparent',
        textDecoration: visit.status === 'cancelled' ? 'line-through' : 'none',
        lineHeight: 1.3,
        fontSize: '0.875rem',
        overflowWrap: 'break-word',
        wordBreak: 'normal',
        minWidth: 0,
        '&.Mui-focusVisible, &:focus-visible': {
          outline: '3px solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
        '&:hover': { filter: 'brightness(0.96)' },
      }}
    >
      <Box component="span" sx={{ fontWeight: 700 }}>
        {visitTexts.timeRange(visit.startTime, visit.endTime)}
      </Box>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {visit.patientName}
      </Box>
      <Box component="span">{visitTexts.serviceTypeLabels[visit.serviceType]}</Box>
      <Box component="span" sx={{ textDecoration: 'none', display: 'inline-block' }}>
        <StatusMark tone={tone} />
      </Box>
      {conflict && (
        <Box
          component="span"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}
        >
          <ReportProblemIcon fontSize="inherit" aria-hidden="true" />
          {rotaTexts.conflictMark}
        </Box>
      )}
    </ButtonBase>
  );
}
