import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFullScreenDialog } from './dialog.ts';

interface FormDialogProps {
  open: boolean;
  /** The title's element id, which names the dialog for screen readers. */
  titleId: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  /** While saving, the dialog stays open and both buttons wait. */
  busy: boolean;
  cancelLabel: string;
  submitLabel: string;
  children: ReactNode;
}

/** A dialog around a form: its title, its fields, Cancel and the submit button. */
export function FormDialog({
  open,
  titleId,
  title,
  onSubmit,
  onClose,
  busy,
  cancelLabel,
  submitLabel,
  children,
}: FormDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/**
 * A text field bound to a form field, with the field's message under it (or, while it has
 * none, `helperText`).
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          {...props}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
