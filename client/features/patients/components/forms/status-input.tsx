import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { allergyTexts } from '../../../../../shared/messages.ts';
import { problemStatuses } from '../../../../../shared/schemas/allergies.ts';

/** Active or resolved: the status of an allergy or a condition, in words. */
export function StatusInput<T extends FieldValues>({
  control,
  name,
  label,
}: {
  // Any resolver output: the form turns its values into the schema's output type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          name={field.name}
          value={(field.value as string | null | undefined) || 'active'}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {problemStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {allergyTexts.statusLabels[status]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
