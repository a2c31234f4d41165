import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { DirectoryRole } from '../../../shared/schemas/directory.ts';
import { PersonPicker } from '../person-picker.tsx';

interface FieldProps<T extends FieldValues> {
  // Any resolver output: the form may turn its values into the schema's output type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
}

/** A text, number, date or date-and-time field of a record form, with its message under it. */
export function TextInput<T extends FieldValues>({
  control,
  name,
  label,
  required,
  type = 'text',
  multiline,
  choices,
}: FieldProps<T> & {
  type?: 'text' | 'number' | 'date' | 'datetime-local';
  multiline?: boolean;
  /** Offer these words in a select (an empty choice first). */
  choices?: readonly string[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          required={required}
          type={choices ? undefined : type}
          select={Boolean(choices)}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={slotPropsOf(type)}
        >
          {choices && [
            <MenuItem key="" value="">
              <em>Not stated</em>
            </MenuItem>,
            ...choices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {choice}
              </MenuItem>
            )),
          ]}
        </TextField>
      )}
    />
  );
}

// A date field shows its own placeholder under the label, so the label stays up. A number is
// typed as text the schema reads ('36.6'): any step, and the decimal keypad on a phone.
const slotPropsOf = (type: 'text' | 'number' | 'date' | 'datetime-local') => {
  if (type === 'number') return { htmlInput: { inputMode: 'decimal' as const, step: 'any' } };
  return type === 'text' ? undefined : { inputLabel: { shrink: true } };
};

/** A patient, doctor or caregiver field: a searchable picker that shows names and holds the id. */
export function PersonInput<T extends FieldValues>({
  control,
  name,
  label,
  required,
  role,
  disabled,
}: FieldProps<T> & { role: DirectoryRole; disabled?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PersonPicker
          role={role}
          label={label}
          name={field.name}
          required={required}
          disabled={disabled}
          value={typeof field.value === 'number' ? field.value : null}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * The patient of a record form: a picker, or, when the form is for one patient (a patient's
 * chart), that patient shown by name and locked.
 */
export function PatientInput<T extends FieldValues>({
  control,
  name,
  locked,
}: Pick<FieldProps<T>, 'control' | 'name'> & { locked: boolean }) {
  return (
    <PersonInput
      control={control}
      name={name}
      role="patient"
      label="Patient"
      required
      disabled={locked}
    />
  );
}
