import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ButtonBase,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { chartTexts, thresholdTexts } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { recordType } from '../../../../shared/record-types.ts';
import type { TimelineEntry } from '../../../../shared/schemas/chart.ts';
import { timelineTypes, type TimelineType } from '../../../../shared/constants.ts';
import { DateTimeText } from '../../../components/data-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { useTimeline, type TimelineFilter } from '../api/get-timeline.ts';
import { useDeferredData } from '../../../lib/deferred-data.ts';

const noFilter: TimelineFilter = { types: [], from: '', to: '' };

function TypeFilter({
  value,
  onChange,
}: {
  value: TimelineType[];
  onChange(types: TimelineType[]): void;
}) {
  const toggle = (type: TimelineType) =>
    onChange(value.includes(type) ? value.filter((t) => t !== type) : [...value, type]);
  return (
    <Box
      role="group"
      aria-label={chartTexts.typeFilter}
      // Chips are 32 px: the whole chip becomes a 40 px target.
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, '& .MuiChip-root': { height: 40 } }}
    >
      <Chip
        label={chartTexts.allTypes}
        clickable
        aria-pressed={value.length === 0}
        color={value.length === 0 ? 'primary' : 'default'}
        variant={value.length === 0 ? 'filled' : 'outlined'}
        onClick={() => onChange([])}
      />
      {timelineTypes.map((type) => {
        const on = value.includes(type);
        return (
          <Chip
            key={type}
            label={recordType(type).labels.many}
            clickable
            aria-pressed={on}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => toggle(type)}
          />
        );
      })}
    </Box>
  );
}

function Entry({ entry, onOpen }: { entry: TimelineEntry; onOpen(entry: TimelineEntry): void }) {
  const label = recordType(entry.type).labels.one;
  // The name says what the entry shows, in the order it is read (WCAG 2.5.3): the type and
  // title first, the date last. The date still shows first, on the left (or on top).
  const name = [
    `${label}: ${entry.title}`,
    entry.flagged ? thresholdTexts.outOfRange : '',
    entry.detail ?? '',
    entry.by ? chartTexts.entryBy(entry.by) : '',
    formatDateTime(entry.at),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <ListItem
      divider
      sx={{
        position: 'relative',
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '11rem minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
        alignItems: 'start',
        py: 1.5,
        '&:hover': { bgcolor: 'action.hover' },
        // The whole entry shows the ring of its button, which covers it.
        '&:has(.timeline-open:focus-visible)': {
          outline: (theme) => `3px solid ${theme.palette.primary.main}`,
          outlineOffset: -3,
        },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Chip size="small" variant="outlined" label={label} />
          {/*
            The entry's one control: its title, named with everything the entry shows (the name
            contains the visible title, WCAG 2.5.3), stretched over the whole entry so a click
            anywhere on it opens the record.
          */}
          <ButtonBase
            className="timeline-open"
            onClick={() => onOpen(entry)}
            aria-label={name}
            aria-haspopup="dialog"
            disableRipple
            sx={{
              position: 'static',
              font: 'inherit',
              fontWeight: 600,
              textAlign: 'left',
              overflowWrap: 'anywhere',
              '&::after': { content: '""', position: 'absolute', inset: 0 },
              '&.Mui-focusVisible': { outline: 'none' },
            }}
          >
            {entry.title}
          </ButtonBase>
          {entry.flagged && (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              icon={<WarningAmberIcon />}
              label={thresholdTexts.outOfRange}
            />
          )}
        </Box>
        {entry.detail && (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {entry.detail}
          </Typography>
        )}
        {entry.by && (
          <Typography variant="body2" color="text.secondary">
            {chartTexts.entryBy(entry.by)}
          </Typography>
        )}
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        component="div"
        // First on screen (the left column, or the top line on a phone).
        sx={{ order: -1 }}
      >
        <DateTimeText value={entry.at} />
      </Typography>
    </ListItem>
  );
}

/**
 * Everything recorded about the patient, newest first: filtered by type and dates, a page at a
 * time ("Show older" asks for the next by cursor). Each entry opens its record.
 */
export function ChartTimeline({
  patientId,
  onOpen,
}: {
  patientId: number;
  onOpen(entry: TimelineEntry): void;
}) {
  const [filter, setFilter] = useState<TimelineFilter>(noFilter);
  const timeline = useTimeline(patientId, filter);
  // Drawn a moment after they arrive, in slices (useDeferredData).
  const { data, drawing } = useDeferredData(timeline.data);
  const entries = data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = filter.types.length > 0 || filter.from !== '' || filter.to !== '';

  return (
    <Box component="section" aria-labelledby="timeline-title">
      <Typography id="timeline-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {chartTexts.timelineTitle}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 2 }}>
        <TypeFilter value={filter.types} onChange={(types) => setFilter({ ...filter, types })} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            label={chartTexts.from}
            type="date"
            value={filter.from}
            onChange={(event) => setFilter({ ...filter, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: '14rem' } }}
          />
          <TextField
            label={chartTexts.to}
            type="date"
            value={filter.to}
            onChange={(event) => setFilter({ ...filter, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: '14rem' } }}
          />
          {filtered && (
            <Button onClick={() => setFilter(noFilter)} size="large">
              {chartTexts.clearFilters}
            </Button>
          )}
        </Box>
      </Box>
      {timeline.isLoading ||
      drawing ||
      (timeline.isPending && timeline.fetchStatus === 'paused') ? (
        <LoadingState />
      ) : timeline.isError && entries.length === 0 ? (
        <ErrorState text={chartTexts.timelineError} onRetry={() => void timeline.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState text={chartTexts.timelineEmpty} />
      ) : (
        <>
          <List aria-label={chartTexts.timelineTitle} disablePadding>
            {entries.map((entry) => (
              <Entry key={`${entry.type}-${entry.id}`} entry={entry} onOpen={onOpen} />
            ))}
          </List>
          {timeline.isFetchNextPageError && (
            <ErrorState
              text={chartTexts.timelineError}
              onRetry={() => void timeline.fetchNextPage()}
            />
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            {timeline.hasNextPage ? (
              <Button
                variant="outlined"
                size="large"
                onClick={() => void timeline.fetchNextPage()}
                disabled={timeline.isFetchingNextPage}
                startIcon={timeline.isFetchingNextPage ? <CircularProgress size={18} /> : undefined}
              >
                {chartTexts.loadMore}
              </Button>
            ) : (
              <Typography color="text.secondary">{chartTexts.endOfTimeline}</Typography>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
