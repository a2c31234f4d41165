import CancelIcon from '@mui/icons-material/EventBusy';
import DoneIcon from '@mui/icons-material/TaskAlt';
import NoShowIcon from '@mui/icons-material/PersonOff';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Chip } from '@mui/material';
import { appointmentStatusLabels, type AppointmentStatus } from '../../shared/constants.ts';

const icons: Record<AppointmentStatus, typeof DoneIcon> = {
  scheduled: ScheduleIcon,
  completed: DoneIcon,
  'no-show': NoShowIcon,
  cancelled: CancelIcon,
};

/** An appointment's status: its word and an icon, so colour is never the only sign. */
export function AppointmentStatusChip({ status }: { status: AppointmentStatus }) {
  const Icon = icons[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Icon fontSize="small" aria-hidden />}
      label={appointmentStatusLabels[status]}
      color={status === 'cancelled' || status === 'no-show' ? 'default' : 'primary'}
    />
  );
}
