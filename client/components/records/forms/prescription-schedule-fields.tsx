import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
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
  useFormState,
  useWatch,
  type Control,
  type UseFormSetValue,
} from 'react-hook-form';
import { doseTexts, scheduleTexts } from '../../../../shared/messages.ts';
import { doseRoutes } from '../../../../shared/schemas/doses.ts';
import type { PrescriptionFormValues } from '../../../../shared/schemas/prescriptions.ts';
import { TextInput } from '../record-fields.tsx';

/** Every ISO weekday: the form's value for "every day". */
export const everyDay = [1, 2, 3, 4, 5, 6, 7];

/** What the form holds while a time is typed: "8:00" and "0800" read as "08:00" on leaving. */
export function tidyTime(text: string): string {
  const value = text.trim();
  const short = /^(\d):([0-5]\d)$/.exec(value);
  if (short) return `0${short[1]}:${short[2]}`;
  const digits = /^(\d{2})([0-5]\d)$/.exec(value);
  if (digits) return `${digits[1]}:${digits[2]}`;
  return value;
}

/**
 * The values the shared schema checks: only the fields of the chosen kind of schedule (a form
 * keeps the others while the doctor switches back and forth), every day as null, and the start
 * date defaulting to the prescription's date.
 */
export function scheduleInUse(values: PrescriptionFormValues): PrescriptionFormValues {
  const schedule =
    values.schedule === 'fixed' || values.schedule === 'prn' ? values.schedule : null;
  const none = {
    startDate: null,
    endDate: null,
    durationDays: null,
    doseTimes: null,
    weekdays: null,
    prnMinIntervalMinutes: null,
    prnMaxPerDay: null,
  };
  if (schedule === null) return { ...values, ...none, schedule: null };
  const startDate =
    typeof values.startDate === 'string' && values.startDate.trim() !== ''
      ? values.startDate
      : values.date;
  const common = {
    ...values,
    schedule,
    startDate,
  };
  if (schedule === 'prn') return { ...common, doseTimes: null, weekdays: null };
  const weekdays = values.weekdays ?? null;
  return {
    ...common,
    doseTimes: (values.doseTimes ?? []).map(tidyTime),
    weekdays: weekdays && weekdays.length === 7 ? null : weekdays,
    prnMinIntervalMinutes: null,
    prnMaxPerDay: null,
  };
}

type Form = Control<PrescriptionFormValues, unknown, unknown>;
interface ItemErrors {
  message?: string;
  root?: { message?: string };
  [index: number]: { message?: string } | undefined;
}

// A row of fields that sits side by side from 600 px and stacks on a phone.
const row = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

function RouteInput({ control }: { control: Form }) {
  return (
    <Controller
      control={control}
      name="route"
      render={({ field, fieldState }) => (
        <TextField
          select
          label={doseTexts.route}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          <MenuItem value="">
            <em>{scheduleTexts.notStated}</em>
          </MenuItem>
          {doseRoutes.map((route) => (
            <MenuItem key={route} value={route}>
              {doseTexts.routeLabels[route]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function ScheduleKindInput({ control, onChosen }: { control: Form; onChosen(): void }) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name="schedule"
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)}>
          <FormLabel component="legend" id={labelId}>
            {doseTexts.schedule}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(event) => {
              field.onChange(event.target.value);
              onChosen();
            }}
          >
            <FormControlLabel value="" control={<Radio />} label={doseTexts.scheduleLabels.none} />
            <FormControlLabel
              value="fixed"
              control={<Radio />}
              label={doseTexts.scheduleLabels.fixed}
            />
            <FormControlLabel
              value="prn"
              control={<Radio />}
              label={doseTexts.scheduleLabels.prn}
            />
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** The times of day: one field per time, Remove beside each, Add time and the common times. */
function DoseTimesInput({ control }: { control: Form }) {
  const legendId = useId();
  const errorId = useId();
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const { errors } = useFormState({ control, name: 'doseTimes' });
  const itemErrors = errors.doseTimes as ItemErrors | undefined;
  const listError = itemErrors?.message ?? itemErrors?.root?.message;
  return (
    <Controller
      control={control}
      name="doseTimes"
      render={({ field }) => {
        const times = field.value ?? [];
        const change = (next: string[]) => field.onChange(next);
        const add = (time: string) => {
          const empty = times.indexOf('');
          const next =
            empty >= 0 ? times.map((t, i) => (i === empty ? time : t)) : [...times, time];
          change(next);
          // The new, empty field takes the focus so the time can be typed at once.
          if (time === '') {
            requestAnimationFrame(() => inputs.current[next.length - 1]?.focus());
          }
        };
        return (
          <Box
            component="fieldset"
            aria-labelledby={legendId}
            aria-describedby={listError ? errorId : undefined}
            sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
          >
            <FormLabel component="legend" id={legendId} error={Boolean(listError)} sx={{ mb: 1 }}>
              {doseTexts.doseTimes}
            </FormLabel>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1 }}>
              {times.map((time, index) => {
                const error = itemErrors?.[index]?.message;
                return (
                  <Box key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                    <TextField
                      label={scheduleTexts.timeLabel(index + 1)}
                      value={time}
                      placeholder={scheduleTexts.timePlaceholder}
                      onChange={(event) =>
                        change(times.map((t, i) => (i === index ? event.target.value : t)))
                      }
                      onBlur={() => {
                        const tidy = tidyTime(time);
                        if (tidy !== time) change(times.map((t, i) => (i === index ? tidy : t)));
                        field.onBlur();
                      }}
                      inputRef={(element: HTMLInputElement | null) => {
                        inputs.current[index] = element;
                        if (index === 0) field.ref(element);
                      }}
                      error={Boolean(error)}
                      helperText={error}
                      slotProps={{
                        inputLabel: { shrink: true },
                        htmlInput: { inputMode: 'numeric', maxLength: 5, size: 5 },
                      }}
                      sx={{ width: '9rem' }}
                    />
                    <IconButton
                      aria-label={scheduleTexts.removeTime(index + 1)}
                      onClick={() => change(times.filter((_, i) => i !== index))}
                      sx={{ width: 40, height: 40, mt: 1 }}
                    >
                      <CloseIcon />
                    </IconButton>
                  </Box>
                );
              })}
            </Box>
            {listError && (
              <FormHelperText id={errorId} error sx={{ mt: 0, mb: 1 }}>
                {listError}
              </FormHelperText>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Button
                startIcon={<AddIcon />}
                variant="outlined"
                onClick={() => add('')}
                sx={{ minHeight: 40 }}
              >
                {scheduleTexts.addTime}
              </Button>
              <Box
                role="group"
                aria-label={scheduleTexts.presetsLabel}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
              >
                {scheduleTexts.presets.map((preset) => (
                  <Button
                    key={preset.time}
                    size="small"
                    onClick={() => add(preset.time)}
                    disabled={times.includes(preset.time)}
                    sx={{ minHeight: 40 }}
                  >
                    {scheduleTexts.presetLabel(preset.label, preset.time)}
                  </Button>
                ))}
              </Box>
            </Box>
          </Box>
        );
      }}
    />
  );
}

/** The days of the week as toggles; "Every day" selects all seven. */
function WeekdaysInput({ control }: { control: Form }) {
  const legendId = useId();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name="weekdays"
      render={({ field, fieldState }) => {
        const days = field.value ?? everyDay;
        const all = days.length === 7;
        const toggle = (day: number) =>
          field.onChange(
            days.includes(day)
              ? days.filter((d) => d !== day)
              : [...days, day].sort((a, b) => a - b),
          );
        const error = fieldState.error?.message;
        return (
          <Box
            component="fieldset"
            aria-labelledby={legendId}
            aria-describedby={error ? errorId : undefined}
            sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
          >
            <FormLabel component="legend" id={legendId} error={Boolean(error)} sx={{ mb: 1 }}>
              {doseTexts.weekdays}
            </FormLabel>
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, '& .MuiChip-root': { height: 40 } }}
            >
              <Chip
                label={doseTexts.everyDay}
                clickable
                aria-pressed={all}
                color={all ? 'primary' : 'default'}
                variant={all ? 'filled' : 'outlined'}
                onClick={() => field.onChange(everyDay)}
              />
              {doseTexts.weekdayLabels.map((label, index) => {
                const day = index + 1;
                const on = days.includes(day);
                return (
                  <Chip
                    key={label}
                    label={label}
                    aria-label={scheduleTexts.weekdayNames[index]}
                    clickable
                    aria-pressed={on}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    onClick={() => toggle(day)}
                  />
                );
              })}
            </Box>
            {error && (
              <FormHelperText id={errorId} error>
                {error}
              </FormHelperText>
            )}
          </Box>
        );
      }}
    />
  );
}

/**
 * The schedule part of the prescription form: route and instructions, then the kind of schedule
 * and, for one, its dates and its times and days (at set times) or interval and daily limit (as
 * needed).
 */
export function PrescriptionScheduleFields({
  control,
  setValue,
}: {
  control: Form;
  setValue: UseFormSetValue<PrescriptionFormValues>;
}) {
  const headingId = useId();
  const schedule = useWatch({ control, name: 'schedule' });
  const date = useWatch({ control, name: 'date' });
  const startDate = useWatch({ control, name: 'startDate' });
  const doseTimes = useWatch({ control, name: 'doseTimes' });

  // Choosing a schedule fills in what it needs first: the prescription's date as the start, and
  // an empty time to type into.
  const onChosen = () => {
    if (!startDate && typeof date === 'string') setValue('startDate', date);
    if (!doseTimes || doseTimes.length === 0) setValue('doseTimes', ['']);
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}
    >
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {scheduleTexts.scheduleLegend}
      </Typography>
      <Box sx={row}>
        <RouteInput control={control} />
        <TextInput control={control} name="instructions" label={doseTexts.instructions} />
      </Box>
      <ScheduleKindInput control={control} onChosen={onChosen} />
      {(schedule === 'fixed' || schedule === 'prn') && (
        <>
          <Box sx={row}>
            <Box>
              <TextInput
                control={control}
                name="startDate"
                label={doseTexts.startDate}
                type="date"
              />
              <FormHelperText sx={{ mx: 1.75 }}>{scheduleTexts.startDateHint}</FormHelperText>
            </Box>
          </Box>
          <Box sx={row}>
            <TextInput control={control} name="endDate" label={doseTexts.endDate} type="date" />
            <TextInput
              control={control}
              name="durationDays"
              label={doseTexts.durationDays}
              type="number"
            />
          </Box>
          <FormHelperText sx={{ mt: -1.5, mx: 1.75 }}>{scheduleTexts.endHint}</FormHelperText>
        </>
      )}
      {schedule === 'fixed' && (
        <>
          <DoseTimesInput control={control} />
          <WeekdaysInput control={control} />
        </>
      )}
      {schedule === 'prn' && (
        <Box sx={row}>
          <Box>
            <TextInput
              control={control}
              name="prnMinIntervalMinutes"
              label={doseTexts.prnMinInterval}
              type="number"
            />
            <FormHelperText sx={{ mx: 1.75 }}>{scheduleTexts.prnIntervalHint}</FormHelperText>
          </Box>
          <TextInput
            control={control}
            name="prnMaxPerDay"
            label={doseTexts.prnMaxPerDay}
            type="number"
          />
        </Box>
      )}
    </Box>
  );
}
