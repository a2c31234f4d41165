import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { offlineTexts, visitDayTexts, visitTexts } from '../../../shared/messages.ts';
import {
  checkOutSchema,
  type CheckOut,
  type MyVisit,
  type VisitLocation,
} from '../../../shared/schemas/visits.ts';
import { ApiError } from '../../lib/api.ts';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useCheckOut } from './api/check-out.ts';
import { positionText, usePosition } from './use-position.ts';
import { VisitDialogFrame } from './visit-dialog-frame.tsx';
import { visitTimeText } from './visit-day-format.ts';

interface TaskValues {
  id: number;
  title: string;
  /** Empty until the caregiver chooses. */
  status: '' | 'done' | 'not-done';
  reason: string;
}

interface Values {
  tasks: TaskValues[];
  note: string;
  createReport: boolean;
}

const toBody = (values: Values, location: VisitLocation): CheckOut => ({
  location,
  tasks: values.tasks.map((task) => ({
    id: task.id,
    // An unanswered task is sent as it is, for the schema to refuse with its message.
    status: task.status as 'done' | 'not-done',
    reason: task.status === 'not-done' ? task.reason : '',
  })),
  note: values.note,
  createReport: values.createReport,
});

/** The form's field names, as the server's `errors` name them ("tasks.0.reason"). */
const fieldNames = (count: number): string[] => [
  'note',
  'createReport',
  ...Array.from({ length: count }, (_, i) => [`tasks.${i}.status`, `tasks.${i}.reason`]).flat(),
];

/** Checks the answers as the server will, with the shared schema and its messages. */
const resolver: Resolver<Values> = (values) => {
  const parsed = checkOutSchema.safeParse(toBody(values, { status: 'unavailable' }));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<Values> = {};
  for (const issue of parsed.error.issues) {
    const [first, index, field] = issue.path;
    if (
      first === 'tasks' &&
      typeof index === 'number' &&
      (field === 'status' || field === 'reason')
    ) {
      const tasks = (errors.tasks ??= []) as NonNullable<FieldErrors<Values>['tasks']> &
        Record<number, FieldErrors<TaskValues>>;
      const task = (tasks[index] ??= {});
      task[field] ??= { type: 'schema', message: issue.message };
    } else if (first === 'note' && !errors.note) {
      errors.note = { type: 'schema', message: issue.message };
    }
  }
  return { values: {}, errors };
};

/**
 * Check-out: every task Done or Not done (a reason for each not done), an optional note, and
 * "Also file this as a progress report"; the position as at check-in. A refusal keeps every
 * answer: field messages stand at their field, others above the buttons.
 */
export function CheckOutDialog({
  visit,
  timeZone,
  onClose,
}: {
  visit: MyVisit | null;
  timeZone: string;
  onClose(): void;
}) {
  return (
    <VisitDialogFrame visit={visit} onClose={onClose}>
      {(shown, titleId, opening) => (
        <CheckOutForm
          key={opening}
          visit={shown}
          timeZone={timeZone}
          titleId={titleId}
          onClose={onClose}
        />
      )}
    </VisitDialogFrame>
  );
}

function CheckOutForm({
  visit,
  timeZone,
  titleId,
  onClose,
}: {
  visit: MyVisit;
  timeZone: string;
  titleId: string;
  onClose(): void;
}) {
  const checkOut = useCheckOut();
  const position = usePosition();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      tasks: visit.tasks.map((task) => ({
        id: task.id,
        title: task.title,
        status: task.status === 'pending' ? '' : task.status,
        reason: task.reason,
      })),
      note: visit.note,
      createReport: false,
    },
  });
  const busy = position.asking || checkOut.isPending || form.formState.isSubmitting;

  const submit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      const location = await position.request();
      checkOut.mutate(
        {
          id: visit.id,
          body: toBody(values, location),
          label: offlineTexts.checkOutLabel(
            visit.patientName,
            visitTexts.timeRange(visit.startTime, visit.endTime),
          ),
        },
        {
          onSuccess: (result) => {
            if (result.queued) {
              notify('info', offlineTexts.queued);
              onClose();
              return;
            }
            const saved = result.data;
            notify(
              'success',
              visitDayTexts.checkedOutNotice(
                visitTimeText(saved.checkOutAt ?? new Date().toISOString(), timeZone),
                positionText(saved.checkOutLocation ?? location.status, saved.checkOutAccuracy),
              ),
            );
            if (saved.progressReportId) notify('success', visitDayTexts.reportFiled);
            onClose();
          },
          onError: (error) => {
            const fields = fieldNames(values.tasks.length);
            if (showServerFieldErrors(error, fields, form.setError, { focus: true })) {
              setProblem(error instanceof ApiError ? error.message : visitDayTexts.fixFields);
              return;
            }
            setProblem(error instanceof ApiError ? error.message : visitDayTexts.errorCheckOut);
          },
        },
      );
    },
    () => setProblem(null),
  );

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogTitle id={titleId}>{visitDayTexts.checkOutTitle(visit.patientName)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {visitTexts.timeRange(visit.startTime, visit.endTime)} ·{' '}
          {visitTexts.serviceTypeLabels[visit.serviceType]}
          {visit.checkInAt &&
            ` · ${visitTexts.checkedInAt(visitTimeText(visit.checkInAt, timeZone))}`}
        </Typography>
        {visit.tasks.length > 0 ? (
          <Box component="section" aria-labelledby={`${titleId}-tasks`}>
            <Typography
              id={`${titleId}-tasks`}
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 700, mb: 1 }}
            >
              {visitDayTexts.tasksHeading}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {visit.tasks.map((task, index) => (
                <TaskOutcome key={task.id} form={form} index={index} title={task.title} />
              ))}
            </Box>
          </Box>
        ) : (
          <Typography color="text.secondary">{visitTexts.noTasks}</Typography>
        )}
        <Controller
          control={form.control}
          name="note"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label={visitTexts.note}
              multiline
              minRows={3}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? visitDayTexts.noteHelp}
            />
          )}
        />
        <Controller
          control={form.control}
          name="createReport"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label={visitDayTexts.createReport}
              sx={{ minHeight: 48, mr: 0 }}
            />
          )}
        />
        <Typography color="text.secondary">{visitDayTexts.positionExplainOut}</Typography>
        {position.asking && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={24} />
            <Typography>{visitDayTexts.askingPosition}</Typography>
          </Box>
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {visitDayTexts.cancel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 } }}
        >
          {visitDayTexts.checkOutConfirm}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** One task: Done or Not done as two big choices, and the reason when not done. */
function TaskOutcome({
  form,
  index,
  title,
}: {
  form: UseFormReturn<Values>;
  index: number;
  title: string;
}) {
  const labelId = useId();
  const reasonId = useId();
  const status = useWatch({ control: form.control, name: `tasks.${index}.status` });
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Controller
        control={form.control}
        name={`tasks.${index}.status`}
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} sx={{ width: '100%' }}>
            <FormLabel id={labelId} sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
              {title}
            </FormLabel>
            <RadioGroup
              aria-labelledby={labelId}
              name={field.name}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
              }}
            >
              {(['done', 'not-done'] as const).map((outcome) => (
                <FormControlLabel
                  key={outcome}
                  value={outcome}
                  control={
                    <Radio
                      slotProps={{ input: { ref: outcome === 'done' ? field.ref : undefined } }}
                    />
                  }
                  label={visitTexts.taskStatusLabels[outcome]}
                  sx={{
                    m: 0,
                    minHeight: 48,
                    pr: 1.5,
                    border: 1,
                    borderRadius: 1,
                    borderColor: field.value === outcome ? 'primary.main' : 'divider',
                    bgcolor: field.value === outcome ? 'action.selected' : 'transparent',
                  }}
                />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      {status === 'not-done' && (
        <Controller
          control={form.control}
          name={`tasks.${index}.reason`}
          render={({ field, fieldState }) => (
            <Box sx={{ mt: 1.5 }}>
              {/* A label above the field, not inside it: a task's title can be long, and a
                  floating label is cut to one line. */}
              <Typography
                component="label"
                htmlFor={reasonId}
                sx={{ display: 'block', fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}
              >
                {visitDayTexts.taskReason(title)}
                <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
                  {' *'}
                </Box>
              </Typography>
              <TextField
                {...field}
                id={reasonId}
                inputRef={field.ref}
                required
                fullWidth
                multiline
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            </Box>
          )}
        />
      )}
    </Box>
  );
}
