import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import { reminderTexts } from '../../../shared/messages.ts';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { viewerTimeZone } from './api/viewer-time-zone.ts';
import { RemindersCalendar } from './reminders-calendar.tsx';
import { RemindersCard } from './reminders-card.tsx';

/**
 * Every role's own reminders: the list with add, edit and delete, and the calendar beside it.
 * The calendar asks for reminders only once the list has answered, as on the caregiver's
 * dashboard: a caregiver's first load is the one that creates the presets and says so.
 */
export default function RemindersPage() {
  const [list, setList] = useState<'pending' | 'loaded' | 'failed'>('pending');
  const onLoaded = useCallback(() => setList('loaded'), []);
  const onFailed = useCallback(() => setList((now) => (now === 'loaded' ? now : 'failed')), []);
  return (
    <Box>
      <PageHeader
        title={reminderTexts.title}
        actions={
          <CsvDownloadButton
            path="/api/reminders"
            query={{ timeZone: viewerTimeZone() }}
            listName={reminderTexts.title}
          />
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <RemindersCard titled={false} onLoaded={onLoaded} onFailed={onFailed} />
        {list !== 'pending' && <RemindersCalendar enabled={list === 'loaded'} />}
      </Box>
    </Box>
  );
}
