import AccessTimeIcon from '@mui/icons-material/AccessTime';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Chip, type SxProps, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import { doseTexts } from '../../../shared/messages.ts';
import type { DoseStatus } from '../../../shared/schemas/doses.ts';

// Late has no tone in the seed's palette; MUI's orange reads at about 3:1 on white, so a deeper
// amber (light) and a lighter one (dark) keep the words at 4.5:1 or more.
const amber = (theme: Theme) => (theme.palette.mode === 'dark' ? '#FFC166' : '#8A4B00');

const looks: Record<
  DoseStatus,
  { icon: ReactElement; color: 'default' | 'primary' | 'error' | 'success'; sx?: SxProps<Theme> }
> = {
  upcoming: { icon: <ScheduleIcon />, color: 'default' },
  due: { icon: <AccessTimeIcon />, color: 'primary' },
  late: {
    icon: <WarningAmberIcon />,
    color: 'default',
    sx: {
      color: amber,
      borderColor: amber,
      borderWidth: 2,
      '& .MuiChip-icon': { color: amber },
    },
  },
  missed: { icon: <ErrorOutlineIcon />, color: 'error', sx: { borderWidth: 2 } },
  given: { icon: <CheckCircleOutlineIcon />, color: 'success' },
  'given-late': { icon: <CheckCircleOutlineIcon />, color: 'success' },
  refused: { icon: <BlockIcon />, color: 'default' },
  'not-given': { icon: <RemoveCircleOutlineIcon />, color: 'default' },
};

/** Where a dose stands, in words with an icon and a colour (never the colour alone). */
export function DoseStatusChip({ status }: { status: DoseStatus }) {
  const look = looks[status];
  return (
    <Chip
      icon={look.icon}
      label={doseTexts.statusLabels[status]}
      color={look.color}
      variant="outlined"
      sx={[
        {
          fontWeight: 600,
          height: 'auto',
          minHeight: 32,
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
          '& .MuiChip-icon': { color: 'inherit' },
        },
        ...(Array.isArray(look.sx) ? look.sx : look.sx ? [look.sx] : []),
      ]}
    />
  );
}
