import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { offlineTexts } from '../../../shared/messages.ts';
import type { OfflineWriteKind } from '../../../shared/offline.ts';
import { apiPathOf, type ClinicalRecordType } from '../../../shared/record-types.ts';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { sendOrQueue, type QueuedChangeRefs } from '../../lib/offline-queue.ts';
import { recordKey } from '../../lib/query-keys.ts';
import { useFullScreenDialog } from '../dialog.ts';
import { notify } from '../../lib/notify.ts';
import { useSaveRecord } from './api/save-record.ts';
import type { RecordFormDialogComponentProps } from './record-section.tsx';

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
  /**
   * Asked when saving fails, for answers that need the user's word (a prescription despite an
   * allergy): undefined when the failure is not such an answer; otherwise a promise of the body
   * to send again (confirmed) or of null (declined: the form stays open as it was).
   */
  confirmRetry?(error: unknown, body: TBody): Promise<TBody | null> | undefined;
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
    let body = options.toBody(values);
    let saved: unknown;
    for (;;) {
      try {
        saved = await options.save(body);
        break;
      } catch (error) {
        const asked = options.confirmRetry?.(error, body);
        const confirmed = asked && (await asked);
        if (confirmed === null) return;
        if (confirmed) {
          body = confirmed;
          continue;
        }
        showServerFieldErrors(error, Object.keys(initial()), form.setError);
        notify('error', options.texts.error);
        return;
      }
    }
    // Kept on this phone for lack of a connection: said so, rather than "added".
    if ((saved as { queued?: boolean } | undefined)?.queued) notify('info', offlineTexts.queued);
    else notify('success', options.isEdit ? options.texts.updated : options.texts.added);
    options.onClose();
  });

  return { form, submit };
}

interface ClinicalRecordFormOptions<
  T extends { id: number },
  TForm extends FieldValues,
  TOut,
  TBody,
> extends Pick<
  RecordFormOptions<TForm, TOut, TBody>,
  'resolver' | 'toBody' | 'texts' | 'confirmRetry'
> {
  /** The record type saved: its API path and the lists refreshed come from the registry. */
  type: ClinicalRecordType;
  /** What the dialog was opened with: the record to edit, or null to add one. */
  dialog: RecordFormDialogComponentProps<T>;
  /** The form's values for a record being edited. */
  fromRecord(record: T): TForm;
  /** The form's values for a new record. */
  blank(): TForm;
  titles: { add: string; edit: string };
  /**
   * A new record of this type may be kept on the phone when the server cannot be reached, and
   * sent when the connection returns: its kind and its words in the Unsent changes list.
   */
  offline?: {
    kind: OfflineWriteKind;
    label(body: TBody): string;
    refs?(body: TBody): QueuedChangeRefs;
  };
}

/**
 * useRecordForm for an add/edit dialog of a clinical type: saves through the registry's path
 * (PUT for the record being edited, POST otherwise) and gives RecordFormDialog its props.
 */
export function useClinicalRecordForm<
  T extends { id: number },
  TForm extends FieldValues,
  TOut,
  TBody,
>(options: ClinicalRecordFormOptions<T, TForm, TOut, TBody>) {
  const { open, record, onClose } = options.dialog;
  const save = useSaveRecord<TBody, T>(options.type);
  const queryClient = useQueryClient();
  const { offline, type } = options;
  const add = async (body: TBody) => {
    if (!offline) return save.mutateAsync({ body });
    const result = await sendOrQueue<T>(offline.kind, apiPathOf(type), body, {
      label: offline.label(body),
      refs: offline.refs?.(body),
    });
    if (!result.queued) void queryClient.invalidateQueries({ queryKey: recordKey(type) });
    return result;
  };
  const { form, submit } = useRecordForm<TForm, TOut, TBody>({
    resolver: options.resolver,
    open,
    resetKey: record,
    isEdit: record !== null,
    initial: () => (record ? options.fromRecord(record) : options.blank()),
    toBody: options.toBody,
    save: (body) => (record ? save.mutateAsync({ id: record.id, body }) : add(body)),
    texts: options.texts,
    onClose,
    confirmRetry: options.confirmRetry,
  });
  const dialogProps: Omit<RecordFormDialogProps, 'children'> = {
    open,
    title: record ? options.titles.edit : options.titles.add,
    onClose,
    onSubmit: () => void submit(),
    busy: form.formState.isSubmitting,
  };
  return { control: form.control, setValue: form.setValue, dialogProps };
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
