import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useRef } from 'react';
import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form';
import { isoWeekday } from '../../../shared/dose-schedule.ts';
import { rotaTexts, visitTexts } from '../../../shared/messages.ts';
import {
  isCalendarDate,
  serviceTypes,
  visitConflictSchema,
  type ApplyTo,
  type ServiceType,
  type VisitConflict,
} from '../../../shared/schemas/visits.ts';
import { MAX_VISIT_MINUTES } from '../../../shared/constants.ts';
import type { CareTeamMember } from '../../../shared/schemas/patients.ts';
import { ApiError } from '../../lib/api.ts';
import { isTimeOfDay, tidyTime, visitSpan } from './visit-times.ts';

/** What the planning and editing forms hold: a local date and 'HH:MM' times, blanks for nothing. */
export interface VisitFormValues {
  patientId: number | null;
  /** null: unassigned. */
  caregiverId: number | null;
  date: string;
  startTime: string;
  endTime: string;
  endsNextDay: boolean;
  serviceType: ServiceType | '';
  instructions: string;
  tasks: { id: number | null; title: string }[];
  repeat: boolean;
  weekdays: number[];
  until: string;
  /** '' until chosen (a visit of a series must say which visits a change is for). */
  applyTo: ApplyTo | '';
}

export const emptyVisitValues: VisitFormValues = {
  patientId: null,
  caregiverId: null,
  date: '',
  startTime: '',
  endTime: '',
  endsNextDay: false,
  serviceType: '',
  instructions: '',
  tasks: [],
  repeat: false,
  weekdays: [],
  until: '',
  applyTo: 'one',
};

type FieldName =
  | 'patientId'
  | 'caregiverId'
  | 'date'
  | 'startTime'
  | 'endTime'
  | 'serviceType'
  | 'instructions'
  | 'tasks'
  | 'weekdays'
  | 'until'
  | 'applyTo';

/**
 * The form field a message of the shared schema or the server is about ('plannedEnd',
 * 'repeat.until', 'tasks.2'…): the form keeps dates and times apart, so instants map to times.
 */
export function fieldOfPath(path: string): FieldName | `tasks.${number}.title` | null {
  const task = /^tasks\.(\d+)(\.title)?$/.exec(path);
  if (task) return `tasks.${Number(task[1])}.title`;
  const map: Record<string, FieldName> = {
    patientId: 'patientId',
    caregiverId: 'caregiverId',
    plannedStart: 'startTime',
    plannedEnd: 'endTime',
    serviceType: 'serviceType',
    instructions: 'instructions',
    tasks: 'tasks',
    'repeat.weekdays': 'weekdays',
    repeat: 'weekdays',
    'repeat.until': 'until',
    applyTo: 'applyTo',
  };
  return map[path.replace(/^repeat\.weekdays\.\d+$/, 'repeat.weekdays')] ?? null;
}

/** The instants and fields the shared schema checks, from the form's values. */
export function spanOf(values: VisitFormValues, zone: string) {
  return visitSpan(values, zone);
}

/**
 * The shared schema checks the times only once every field is readable; the form says at once
 * when the end is not after the start, or too long after it.
 */
export function timeIssues(span: { plannedStart: string; plannedEnd: string }) {
  if (!span.plannedStart || !span.plannedEnd) return [];
  const length = Date.parse(span.plannedEnd) - Date.parse(span.plannedStart);
  if (length <= 0) return [{ path: 'plannedEnd', message: visitTexts.endBeforeStart }];
  if (length > MAX_VISIT_MINUTES * 60_000) {
    return [{ path: 'plannedEnd', message: visitTexts.tooLong }];
  }
  return [];
}

/**
 * A resolver that checks the values with a shared schema (its messages, the server's words)
 * after the form's own checks of what the schema never sees (the date, the times as typed).
 */
export function visitResolver(
  check: (values: VisitFormValues) => { path: string; message: string }[],
  extra?: (values: VisitFormValues) => Partial<Record<FieldName, string>>,
): Resolver<VisitFormValues> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const put = (name: string, message: string) => {
      if (!errors[name]) errors[name] = { type: 'schema', message };
    };
    if (!values.date.trim()) put('date', rotaTexts.dateRequired);
    else if (!isCalendarDate(values.date)) put('date', rotaTexts.dateInvalid);
    for (const name of ['startTime', 'endTime'] as const) {
      const typed = values[name].trim();
      if (typed && !isTimeOfDay(tidyTime(typed))) put(name, rotaTexts.timeInvalid);
    }
    for (const [name, message] of Object.entries(extra?.(values) ?? {})) {
      if (message) put(name, message);
    }
    for (const issue of check(values)) {
      const name = fieldOfPath(issue.path);
      if (name) put(name, issue.message);
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    // Task messages nest as the field array does.
    const nested: Record<string, unknown> = {};
    for (const [name, error] of Object.entries(errors)) {
      const task = /^tasks\.(\d+)\.title$/.exec(name);
      if (task) {
        const list = (nested.tasks ?? []) as unknown[];
        list[Number(task[1])] = { title: error };
        nested.tasks = list;
      } else if (name === 'tasks' && nested.tasks) {
        (nested.tasks as { root?: unknown }).root = error;
      } else nested[name] = error;
    }
    return { values: {}, errors: nested as FieldErrors<VisitFormValues> };
  };
}

/** Puts a refused call's field messages under the form's fields; answers whether any was shown. */
export function serverFieldErrors(error: unknown): { name: string; message: string }[] {
  if (!(error instanceof ApiError) || !error.errors) return [];
  const shown: { name: string; message: string }[] = [];
  for (const [path, message] of Object.entries(error.errors)) {
    const name = fieldOfPath(path);
    if (name && message) shown.push({ name, message });
  }
  return shown;
}

/** The body of a 409 of a caregiver booked twice, when it is one. */
export function visitConflictOf(error: unknown): VisitConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = visitConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** The alert of a refused booking: the caregiver is already booked, and with whom. */
export function ConflictAlert({ conflict }: { conflict: VisitConflict | null }) {
  if (!conflict) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      <AlertTitle>{rotaTexts.overlapTitle}</AlertTitle>
      {conflict.message}
    </Alert>
  );
}

/** The caregiver choice: the patient's care team's caregivers, or nobody yet. */
export function CaregiverField({
  control,
  team,
  teamLoading,
  patientChosen,
  knownName,
}: {
  control: Control<VisitFormValues>;
  team: CareTeamMember[] | undefined;
  teamLoading: boolean;
  patientChosen: boolean;
  /** The name of a caregiver given in advance (from the rota row), when not on the team list. */
  knownName?: string;
}) {
  return (
    <Controller
      control={control}
      name="caregiverId"
      render={({ field, fieldState }) => {
        const onTeam = team?.some((member) => member.userId === field.value) ?? false;
        const help = !patientChosen
          ? rotaTexts.choosePatientFirst
          : team && team.length === 0
            ? rotaTexts.noTeamCaregivers
            : rotaTexts.caregiverHelp;
        return (
          <TextField
            select
            label={visitTexts.caregiver}
            name={field.name}
            value={field.value === null ? '' : String(field.value)}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? null : Number(event.target.value))
            }
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={!patientChosen || teamLoading}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? help}
            slotProps={{
              select: { MenuProps: { disablePortal: false } },
              // The help says what to do first: readable while the field waits (4.5:1).
              formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
            }}
          >
            <MenuItem value="">{rotaTexts.unassignedOption}</MenuItem>
            {(team ?? []).map((member) => (
              <MenuItem key={member.userId} value={String(member.userId)}>
                {member.name}
              </MenuItem>
            ))}
            {field.value !== null && !onTeam && (
              <MenuItem value={String(field.value)}>{knownName ?? `#${field.value}`}</MenuItem>
            )}
          </TextField>
        );
      }}
    />
  );
}

/** A time of day typed as 'HH:MM' (or four digits), tidied on leaving. */
function TimeField({
  control,
  name,
  label,
}: {
  control: Control<VisitFormValues>;
  name: 'startTime' | 'endTime';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={() => {
            const tidy = tidyTime(field.value);
            if (tidy !== field.value) field.onChange(tidy);
            field.onBlur();
          }}
          inputRef={field.ref}
          required
          placeholder={rotaTexts.timePlaceholder}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { inputMode: 'numeric', maxLength: 5, autoComplete: 'off' },
          }}
          sx={{ width: { xs: '100%', sm: '9.5rem' } }}
        />
      )}
    />
  );
}

/** Date, start, end and "ends the next day". */
export function WhenFields({ control }: { control: Control<VisitFormValues> }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="date"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              type="date"
              label={visitTexts.date}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { xs: '100%', sm: '12rem' } }}
            />
          )}
        />
        <TimeField control={control} name="startTime" label={visitTexts.startTime} />
        <TimeField control={control} name="endTime" label={visitTexts.endTime} />
      </Box>
      <Controller
        control={control}
        name="endsNextDay"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={rotaTexts.endsNextDay}
            sx={{ minHeight: 44 }}
          />
        )}
      />
    </>
  );
}

/** Type of service and instructions. */
export function ServiceFields({ control }: { control: Control<VisitFormValues> }) {
  return (
    <>
      <Controller
        control={control}
        name="serviceType"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={visitTexts.serviceType}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          >
            {serviceTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {visitTexts.serviceTypeLabels[type]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="instructions"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            label={visitTexts.instructionsField}
            multiline
            minRows={2}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? visitTexts.instructionsHelp}
          />
        )}
      />
    </>
  );
}

/** The visit's task list: one field per task, Remove beside each, and Add task. */
export function TaskFields({
  control,
  help,
  onEdit,
}: {
  control: Control<VisitFormValues>;
  help?: string;
  onEdit?: () => void;
}) {
  const legendId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: 'tasks' });
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  return (
    <Controller
      control={control}
      name="tasks"
      render={({ fieldState }) => (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-labelledby={legendId}>
          <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
            {visitTexts.tasks}
          </FormLabel>
          {help && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {help}
            </Typography>
          )}
          {fields.length === 0 && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {visitTexts.noTasks}
            </Typography>
          )}
          {fields.map((task, index) => (
            <Box key={task.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
              <Controller
                control={control}
                name={`tasks.${index}.title`}
                render={({ field, fieldState: taskState }) => (
                  <TextField
                    {...field}
                    inputRef={(element: HTMLInputElement | null) => {
                      inputs.current[index] = element;
                      field.ref(element);
                    }}
                    onChange={(event) => {
                      field.onChange(event);
                      onEdit?.();
                    }}
                    label={rotaTexts.taskLabel(index + 1)}
                    error={Boolean(taskState.error)}
                    helperText={taskState.error?.message}
                    sx={{ flexGrow: 1 }}
                  />
                )}
              />
              <IconButton
                aria-label={rotaTexts.removeTask(index + 1)}
                onClick={() => {
                  remove(index);
                  onEdit?.();
                }}
                sx={{ width: 44, height: 44, mt: 0.5 }}
              >
                <CloseIcon />
              </IconButton>
            </Box>
          ))}
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            onClick={() => {
              append({ id: null, title: '' }, { shouldFocus: true });
              onEdit?.();
            }}
          >
            {rotaTexts.addTask}
          </Button>
          {fieldState.error?.root?.message || fieldState.error?.message ? (
            <FormHelperText error>
              {fieldState.error.root?.message ?? fieldState.error.message}
            </FormHelperText>
          ) : null}
        </Box>
      )}
    />
  );
}

/** "Repeat weekly", its days (the first visit's preselected) and its last date. */
export function RepeatFields({
  control,
  onWeekdaysEdit,
}: {
  control: Control<VisitFormValues>;
  onWeekdaysEdit(): void;
}) {
  const repeat = useWatch({ control, name: 'repeat' });
  const legendId = useId();
  return (
    <>
      <Controller
        control={control}
        name="repeat"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={rotaTexts.repeatWeekly}
            sx={{ minHeight: 44 }}
          />
        )}
      />
      {repeat && (
        <>
          <Controller
            control={control}
            name="weekdays"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                <FormLabel component="legend" id={legendId}>
                  {rotaTexts.repeatOn}
                </FormLabel>
                <FormGroup row aria-labelledby={legendId}>
                  {rotaTexts.weekdayNames.map((name, index) => {
                    const day = index + 1;
                    const checked = field.value.includes(day);
                    return (
                      <FormControlLabel
                        key={day}
                        sx={{ minHeight: 44, mr: 1.5 }}
                        control={
                          <Checkbox
                            checked={checked}
                            slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                            onChange={(event) => {
                              onWeekdaysEdit();
                              field.onChange(
                                event.target.checked
                                  ? [...field.value, day].sort((a, b) => a - b)
                                  : field.value.filter((d) => d !== day),
                              );
                            }}
                          />
                        }
                        label={name}
                      />
                    );
                  })}
                </FormGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="until"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                type="date"
                label={rotaTexts.until}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: { xs: '100%', sm: '12rem' } }}
              />
            )}
          />
        </>
      )}
    </>
  );
}

/** The weekday of a date, for preselecting the first visit's day. */
export const weekdayOfDate = (date: string): number | null =>
  isCalendarDate(date) ? isoWeekday(date) : null;

/** "This visit only" / "This and following visits": a required, explicit choice. */
export function ApplyToField({ control }: { control: Control<VisitFormValues> }) {
  const legendId = useId();
  return (
    <Controller
      control={control}
      name="applyTo"
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
          <FormLabel component="legend" id={legendId}>
            {rotaTexts.applyToLegend}
          </FormLabel>
          <FormHelperText sx={{ mx: 0 }}>{rotaTexts.applyToHelp}</FormHelperText>
          <RadioGroup
            aria-labelledby={legendId}
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
          >
            <FormControlLabel
              value="one"
              control={<Radio slotProps={{ input: { ref: field.ref } }} />}
              label={rotaTexts.applyToOne}
              sx={{ minHeight: 44 }}
            />
            <FormControlLabel
              value="following"
              control={<Radio />}
              label={rotaTexts.applyToFollowing}
              sx={{ minHeight: 44 }}
            />
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
