import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import { Tooltip } from '../../../components/tooltip.tsx';
import { useId, useState } from 'react';
import { timesheetTexts } from '../../../../shared/messages.ts';
import type { CarePlanTask } from '../../../../shared/schemas/visits.ts';
import { MAX_VISIT_TASKS } from '../../../../shared/constants.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useDeleteCarePlanTask } from '../api/delete-care-plan-task.ts';
import { useCarePlanTasks } from '../api/get-care-plan-tasks.ts';
import { useSaveCarePlanTask } from '../api/save-care-plan-task.ts';

// The task's form loads when it is first opened.
export const CarePlanTaskFormDialog = lazyDialog(() =>
  import('./care-plan-task-form-dialog.tsx').then((m) => m.CarePlanTaskFormDialog),
);

/**
 * The patient's care plan: the standing tasks new visits copy, in order. Those who keep the
 * care plan add, rename, move (up and down buttons, so the keyboard does it) and delete them.
 */
export function CarePlanSection({ patientId }: { patientId: number }) {
  const { can } = useSession();
  const mayWrite = can('care-plan:write');
  const tasks = useCarePlanTasks(patientId);
  const save = useSaveCarePlanTask();
  const remove = useDeleteCarePlanTask();
  const headingId = useId();
  const [editing, setEditing] = useState<CarePlanTask | null | 'new'>(null);
  const [deleting, setDeleting] = useState<CarePlanTask | null>(null);
  const list = tasks.data ?? [];

  // One call moves a task: the server puts it at its new place and renumbers the others in
  // the same transaction.
  const move = async (from: number, to: number) => {
    const task = list[from];
    if (!task) return;
    try {
      await save.mutateAsync({
        id: task.id,
        body: { patientId, title: task.title, position: to },
      });
      notify('success', timesheetTexts.taskMoved);
    } catch {
      notify('error', timesheetTexts.errorSavingTask);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify('success', timesheetTexts.taskDeleted);
    } catch {
      notify('error', timesheetTexts.errorDeletingTask);
    }
    setDeleting(null);
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 1 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {timesheetTexts.carePlanTitle}
        </Typography>
        {mayWrite && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            disabled={list.length >= MAX_VISIT_TASKS}
            sx={{ minHeight: 48 }}
          >
            {timesheetTexts.addTask}
          </Button>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {timesheetTexts.carePlanIntro}
      </Typography>
      {tasks.isPending && <LoadingState />}
      {tasks.isError && (
        <ErrorState
          text={timesheetTexts.errorFetchingCarePlan}
          onRetry={() => void tasks.refetch()}
        />
      )}
      {tasks.data && list.length === 0 && <EmptyState text={timesheetTexts.carePlanEmpty} />}
      {list.length > 0 && (
        <Paper variant="outlined" component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.map((task, index) => (
            <Box
              component="li"
              key={task.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                flexWrap: 'wrap',
                gap: 1,
                px: 2,
                py: 1,
                minHeight: 56,
                '& + li': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              <Typography component="span" sx={{ color: 'text.secondary', minWidth: '2ch' }}>
                {index + 1}.
              </Typography>
              <Typography component="span" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                {task.title}
              </Typography>
              {mayWrite && (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Tooltip title={timesheetTexts.moveUp(task.title)}>
                    <span>
                      <IconButton
                        aria-label={timesheetTexts.moveUp(task.title)}
                        disabled={index === 0 || save.isPending}
                        onClick={() => void move(index, index - 1)}
                        sx={{ width: 48, height: 48 }}
                      >
                        <ArrowUpwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={timesheetTexts.moveDown(task.title)}>
                    <span>
                      <IconButton
                        aria-label={timesheetTexts.moveDown(task.title)}
                        disabled={index === list.length - 1 || save.isPending}
                        onClick={() => void move(index, index + 1)}
                        sx={{ width: 48, height: 48 }}
                      >
                        <ArrowDownwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={timesheetTexts.renameTask(task.title)}>
                    <IconButton
                      aria-label={timesheetTexts.renameTask(task.title)}
                      onClick={() => setEditing(task)}
                      sx={{ width: 48, height: 48 }}
                    >
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={timesheetTexts.deleteTask(task.title)}>
                    <IconButton
                      aria-label={timesheetTexts.deleteTask(task.title)}
                      color="error"
                      onClick={() => setDeleting(task)}
                      sx={{ width: 48, height: 48 }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </Box>
              )}
            </Box>
          ))}
        </Paper>
      )}
      {mayWrite && (
        <CarePlanTaskFormDialog
          open={editing !== null}
          record={editing === 'new' ? null : editing}
          patientId={patientId}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={timesheetTexts.deleteTaskTitle}
        message={deleting ? timesheetTexts.deleteTaskMessage(deleting.title) : ''}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
