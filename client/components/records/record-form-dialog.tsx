import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { useFullScreenDialog } from '../dialog.ts';
import { notify } from '../../lib/notify.ts';

interface RecordFormOptions<TForm extends FieldValues, TOut, TBody> {
  /** zodResolver(the shared schema): the same rules and messages as the server. */
  resolver: Resolver<TForm, unknown, TOut>;
  open: boolean;
  /** What the form starts with each time it opens: the record's values (edit) or defaults (add). */
  initial: () => TForm;
  /** Re-fills the form when this changes while open (the record being edited). */
  resetKey: unknown;
  isEdit: boolean;
  toBody(values: TOut): TBody;
  save(body: TBody): Promise<unknown>;
  texts: { added: string; updated: string; error: string };
  onClose(): void;
}

/**
 * The add/edit form of a clinical record: validates with the shared schema, saves, shows the
 * seed's notice, and puts the server's field messages under the fields when it refuses.
 */
export function useRecordForm<TForm extends FieldValues, TOut, TBody>(
  options: RecordFormOptions<TForm, TOut, TBody>,
) {
  const { open, resetKey, initial } = options;
  const form = useForm<TForm, unknown, TOut>({
    resolver: options.resolver,
    defaultValues: initial() as DefaultValues<TForm>,
  });
  const { reset } = form;

  useEffect(() => {
    if (open) reset(initial());
    // `initial` is a new function each render; the form re-fills only when it opens or the
    // record being edited changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, resetKey, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await options.save(options.toBody(values));
    } catch (error) {
      showServerFieldErrors(error, Object.keys(initial()), form.setError);
      notify('error', options.texts.error);
      return;
    }
    notify('success', options.isEdit ? options.texts.updated : options.texts.added);
    options.onClose();
  });

  return { form, submit };
}

interface RecordFormDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  onSubmit(): void;
  busy: boolean;
  children: ReactNode;
}

/** The dialog around a record form: its title, its fields, Cancel and Save. */
export function RecordFormDialog({
  open,
  title,
  onClose,
  onSubmit,
  busy,
  children,
}: RecordFormDialogProps) {
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box
        component="form"
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogContent sx={{ pt: 1, display: 'flex', flexDirection: 'column', '& > *': { mt: 1 } }}>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} size="large">
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
