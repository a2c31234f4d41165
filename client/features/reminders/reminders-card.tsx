import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { Tooltip } from '../../components/tooltip.tsx';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { notices, reminderTexts } from '../../../shared/messages.ts';
import type { Reminder } from '../../../shared/schemas/reminders.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useDeleteReminder } from './api/delete-reminder.ts';
import { useDeferredData } from '../../lib/deferred-data.ts';
import { useReminderPage } from './api/get-reminder-page.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { notify } from '../../lib/notify.ts';

// The form (react-hook-form, zod, text fields) loads when the dialog is first opened.
const ReminderDialog = lazyDialog(() =>
  import('./reminder-dialog.tsx').then((module) => module.ReminderDialog),
);

/**
 * The own reminders with the 'Add Reminder' dialog, edit and delete. The first load tells
 * whether the preset reminders were just created ('Preset reminders loaded successfully').
 * On the Reminders screen the screen's heading names the list, so the card has none of its own.
 */
export function RemindersCard({
  onLoaded,
  onFailed,
  titled = true,
}: {
  onLoaded?: () => void;
  onFailed?: () => void;
  titled?: boolean;
}) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const reminders = useReminderPage(page, rowsPerPage);
  const remove = useDeleteReminder();
  const [dialog, setDialog] = useState<{ open: boolean; reminder: Reminder | null }>({
    open: false,
    reminder: null,
  });
  const [toDelete, setToDelete] = useState<Reminder | null>(null);

  // The seed's notice on loading the screen, once per visit: a refetch (a change saved, the
  // notifications stream, another page of the list) does not repeat it.
  const told = useRef(false);
  // The rows are drawn in slices as they arrive (useDeferredData); the list counts as loaded
  // once drawn, so the calendar below appears under it rather than before it.
  const { data: shown, drawing } = useDeferredData(reminders.data);
  const loaded = reminders.isSuccess && !drawing;
  const presetsCreated = reminders.data?.presetsCreated ?? false;
  const failed = reminders.isError && !reminders.data;
  useEffect(() => {
    if (told.current) return;
    if (loaded) {
      told.current = true;
      notify('success', presetsCreated ? notices.presetRemindersLoaded : notices.remindersLoaded);
    } else if (failed) {
      told.current = true;
      notify('error', notices.errorFetchingReminders);
    }
  }, [loaded, presetsCreated, failed]);
  // Told apart from the notice: a list that loads on Retry after failing still counts as loaded.
  useEffect(() => {
    if (loaded) onLoaded?.();
    else if (failed) onFailed?.();
  }, [loaded, failed, onLoaded, onFailed]);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify('success', reminderTexts.deleted);
        setToDelete(null);
        // The last row of a page is gone: show the page before.
        if (reminders.data?.items.length === 1 && page > 0) setPage(page - 1);
      },
      onError: () => notify('error', reminderTexts.errorDeleting),
    });
  };

  const rows = shown?.items ?? [];
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
          {titled ? (
            <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
              {reminderTexts.title}
            </Typography>
          ) : (
            <Box sx={{ flexGrow: 1 }} />
          )}
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, reminder: null })}
          >
            {reminderTexts.addTitle}
          </Button>
        </Box>
        {(reminders.isPending || drawing) && <LoadingState />}
        {failed && (
          <ErrorState
            text={notices.errorFetchingReminders}
            onRetry={() => void reminders.refetch()}
          />
        )}
        {loaded && rows.length === 0 && <EmptyState text={reminderTexts.empty} />}
        {rows.length > 0 && (
          <List aria-label={reminderTexts.title}>
            {rows.map((reminder) => (
              <ListItem
                key={reminder.id}
                divider
                sx={{ pr: 14 }}
                secondaryAction={
                  <>
                    <Tooltip title={reminderTexts.edit}>
                      <IconButton
                        size="large"
                        aria-label={`${reminderTexts.edit}: ${reminder.message}`}
                        onClick={() => setDialog({ open: true, reminder })}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={reminderTexts.delete}>
                      <IconButton
                        size="large"
                        edge="end"
                        aria-label={`${reminderTexts.delete}: ${reminder.message}`}
                        onClick={() => setToDelete(reminder)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                }
              >
                <ListItemText
                  primary={reminder.message}
                  slotProps={{
                    primary: { sx: { fontSize: '1.05rem', overflowWrap: 'anywhere' } },
                    secondary: { component: 'div' },
                  }}
                  secondary={
                    <Box
                      sx={{
                        display: 'flex',
                        gap: 1,
                        alignItems: 'center',
                        flexWrap: 'wrap',
                        mt: 0.5,
                      }}
                    >
                      <time dateTime={reminder.date}>{formatDateTime(reminder.date)}</time>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={reminder.firedAt ? 'default' : 'primary'}
                        label={reminder.firedAt ? reminderTexts.done : reminderTexts.upcoming}
                      />
                    </Box>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
        {(shown?.total ?? 0) > rowsPerPage && (
          <Pager
            count={shown?.total ?? 0}
            page={page}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={setPage}
            onRowsPerPageChange={(rows) => {
              setRowsPerPage(rows);
              setPage(0);
            }}
          />
        )}
      </CardContent>
      <ReminderDialog
        open={dialog.open}
        reminder={dialog.reminder}
        onClose={() => setDialog({ open: false, reminder: null })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={reminderTexts.deleteTitle}
        message={reminderTexts.deleteQuestion}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Card>
  );
}
