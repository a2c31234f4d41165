import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import { reminderTexts } from '../../../shared/messages.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RemindersCalendar } from './reminders-calendar.tsx';
import { RemindersCard } from './reminders-card.tsx';

/** The caregiver's dashboard: own reminders (with the seed's presets) and a calendar. */
export default function CaregiverDashboardPage() {
  // The calendar asks for reminders only after the list has loaded: that first load is the
  // one that creates the presets and says so. It appears once the list has answered, so the
  // list arriving above it on a phone does not push it down the screen.
  const [list, setList] = useState<'pending' | 'loaded' | 'failed'>('pending');
  const onLoaded = useCallback(() => setList('loaded'), []);
  const onFailed = useCallback(() => setList((now) => (now === 'loaded' ? now : 'failed')), []);
  return (
    <Box>
      <PageHeader title={reminderTexts.dashboardTitle} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <RemindersCard onLoaded={onLoaded} onFailed={onFailed} />
        {list !== 'pending' && <RemindersCalendar enabled={list === 'loaded'} />}
      </Box>
    </Box>
  );
}
