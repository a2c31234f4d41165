import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import { reminderTexts } from '../../../shared/messages.ts';
import { DueDosesCard } from '../../components/doses/due-doses-card.tsx';
import { MyVisitsCard } from '../../components/visits/my-visits-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/auth.tsx';
import { usePrefetchForOffline } from '../../lib/prefetch-for-offline.ts';
import { RemindersCalendar } from './reminders-calendar.tsx';
import { RemindersCard } from './reminders-card.tsx';

/**
 * The caregiver's dashboard: the day's visits on top, then the doses due now, then own
 * reminders (with the seed's presets) and a calendar.
 */
export default function CaregiverDashboardPage() {
  const { can } = useSession();
  const readsVisits = can('visits:read');
  const readsDoses = can('doses:read');
  // What comes below the visits waits, out of the layout, until they have answered, as the
  // cards below the doses wait for the doses.
  const [visits, setVisits] = useState<'pending' | 'settled'>(readsVisits ? 'pending' : 'settled');
  const onVisitsSettled = useCallback(() => setVisits('settled'), []);
  // The cards below wait, out of the layout, until the doses above them have answered (their
  // own requests already run), so the doses arriving never push them down the screen.
  const [doses, setDoses] = useState<'pending' | 'settled'>(readsDoses ? 'pending' : 'settled');
  const onDosesSettled = useCallback(() => setDoses('settled'), []);
  // The calendar asks for reminders only after the list has loaded: that first load is the
  // one that creates the presets and says so. It appears once the list has answered, so the
  // list arriving above it on a phone does not push it down the screen.
  const [list, setList] = useState<'pending' | 'loaded' | 'failed'>('pending');
  const onLoaded = useCallback(() => setList('loaded'), []);
  const onFailed = useCallback(() => setList((now) => (now === 'loaded' ? now : 'failed')), []);
  // Once the day's visits and doses are in, the patients' charts are read ahead for offline.
  usePrefetchForOffline(can('patients:read') && visits === 'settled' && doses === 'settled');
  return (
    <Box>
      <PageHeader title={reminderTexts.dashboardTitle} />
      {readsVisits && (
        <Box sx={{ mb: 3 }}>
          <MyVisitsCard onSettled={onVisitsSettled} />
        </Box>
      )}
      {readsDoses && (
        <Box sx={{ mb: 3, display: visits === 'pending' ? 'none' : 'block' }}>
          <DueDosesCard onSettled={onDosesSettled} />
        </Box>
      )}
      <Box
        sx={{
          display: doses === 'pending' || visits === 'pending' ? 'none' : 'grid',
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
