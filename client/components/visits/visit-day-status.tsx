import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Chip, type SxProps, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import { visitTexts } from '../../../shared/messages.ts';
import type { VisitStatus } from '../../../shared/schemas/visits.ts';

/** A visit's status as a person reads it: a planned visit past its late mark is "Late". */
export type VisitDayStatus = VisitStatus | 'late';

export const dayStatusOf = (visit: { status: VisitStatus; late: boolean }): VisitDayStatus =>
  visit.status === 'planned' && visit.late ? 'late' : visit.status;

// The dose chips' deeper amber (light) and lighter one (dark) keep "Late" at 4.5:1 or more.
const amber = (theme: Theme) => (theme.palette.mode === 'dark' ? '#FFC166' : '#8A4B00');

const looks: Record<
  VisitDayStatus,
  { icon: ReactElement; color: 'default' | 'primary' | 'error' | 'success'; sx?: SxProps<Theme> }
> = {
  planned: { icon: <ScheduleIcon />, color: 'default' },
  late: {
    icon: <WarningAmberIcon />,
    color: 'default',
    sx: { color: amber, borderColor: amber, borderWidth: 2, '& .MuiChip-icon': { color: amber } },
  },
  'in-progress': { icon: <PlayCircleOutlineIcon />, color: 'primary', sx: { borderWidth: 2 } },
  completed: { icon: <CheckCircleOutlineIcon />, color: 'success' },
  missed: { icon: <ErrorOutlineIcon />, color: 'error', sx: { borderWidth: 2 } },
  cancelled: { icon: <BlockIcon />, color: 'default' },
};

const labelOf = (status: VisitDayStatus) =>
  status === 'late' ? visitTexts.lateLabel : visitTexts.statusLabels[status];

/** Where a visit stands, in words with an icon and a colour (never the colour alone). */
export function VisitDayStatusChip({ status }: { status: VisitDayStatus }) {
  const look = looks[status];
  return (
    <Chip
      icon={look.icon}
      label={labelOf(status)}
      color={look.color}
      variant="outlined"
      sx={[
        {
          fontWeight: 600,
          height: 'auto',
          minHeight: 32,
          maxWidth: '100%',
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
          '& .MuiChip-icon': { color: 'inherit' },
        },
        ...(Array.isArray(look.sx) ? look.sx : look.sx ? [look.sx] : []),
      ]}
    />
  );
}
