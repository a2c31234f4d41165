import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { visitTexts } from '../../../shared/messages.ts';
import type { VisitStatus, VisitSummary } from '../../../shared/schemas/visits.ts';

/** A visit's state as the rota shows it: its status, or Late for a planned visit past due. */
export type RotaTone = VisitStatus | 'late';

export const toneOf = (visit: Pick<VisitSummary, 'status' | 'late'>): RotaTone =>
  visit.late && visit.status === 'planned' ? 'late' : visit.status;

/**
 * The colour of each state, light and dark. Colour only helps the eye: every block also says its
 * state in words beside an icon. Each pair reads at 4.5:1 or more.
 */
export const rotaTones: Record<RotaTone, Record<'light' | 'dark', { bg: string; fg: string }>> = {
  planned: { light: { bg: '#E5EBF5', fg: '#27456E' }, dark: { bg: '#24324A', fg: '#B3CCF2' } },
  late: { light: { bg: '#FDE1E1', fg: '#9B1C1C' }, dark: { bg: '#4D2326', fg: '#FFB3B3' } },
  'in-progress': {
    light: { bg: '#FFF0D1', fg: '#6E4300' },
    dark: { bg: '#4A3A14', fg: '#FFD98A' },
  },
  completed: { light: { bg: '#E3F4EA', fg: '#1B5E3A' }, dark: { bg: '#1F3D2E', fg: '#9BE3BF' } },
  missed: { light: { bg: '#C62828', fg: '#FFFFFF' }, dark: { bg: '#FF8A8A', fg: '#1E1F22' } },
  cancelled: { light: { bg: '#ECEFF1', fg: '#455A64' }, dark: { bg: '#3A3D42', fg: '#C4C9CE' } },
};

const icons: Record<RotaTone, ReactNode> = {
  planned: <ScheduleIcon fontSize="inherit" />,
  late: <WarningAmberIcon fontSize="inherit" />,
  'in-progress': <PlayCircleIcon fontSize="inherit" />,
  completed: <CheckCircleIcon fontSize="inherit" />,
  missed: <EventBusyIcon fontSize="inherit" />,
  cancelled: <BlockIcon fontSize="inherit" />,
};

export const toneLabel = (tone: RotaTone): string =>
  tone === 'late' ? visitTexts.lateLabel : visitTexts.statusLabels[tone];

/** The colours of a tone in the current mode. */
export function useToneColours() {
  const mode = useTheme().palette.mode;
  return (tone: RotaTone) => rotaTones[tone][mode];
}

/** A state's icon alone, for a place that says the state in words nearby (aria-hidden). */
export function StatusIcon({ tone }: { tone: RotaTone }) {
  return (
    <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex', fontSize: '1.1em' }}>
      {icons[tone]}
    </Box>
  );
}

/** The state in words beside its icon, in the block's own colours. */
export function StatusMark({ tone }: { tone: RotaTone }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex', fontSize: '1.1em' }}>
        {icons[tone]}
      </Box>
      {toneLabel(tone)}
    </Box>
  );
}

/** A status chip for lists (the day view): words, icon and colour. */
export function StatusChip({ tone }: { tone: RotaTone }) {
  const colours = useToneColours()(tone);
  return (
    <Box
      component="span"
      data-tone={tone}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: colours.bg,
        color: colours.fg,
        whiteSpace: 'nowrap',
        fontSize: '1rem',
      }}
    >
      <StatusMark tone={tone} />
    </Box>
  );
}
