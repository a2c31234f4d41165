import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  List,
  ListItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { doseRoundTexts, doseTexts, offlineTexts } from '../../../shared/messages.ts';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '../../../shared/format.ts';
import {
  doseInputOutcomes,
  doseInputSchema,
  notGivenReasons,
  type Dose,
  type DoseInput,
  type DoseSlot,
  type NotGivenReason,
  type PrnStatus,
} from '../../../shared/schemas/doses.ts';
import { ApiError } from '../../lib/api.ts';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { useFullScreenDialog } from '../dialog.ts';
import { ErrorState, LoadingState } from '../list-states.tsx';
import { useCorrectDose } from './api/correct-dose.ts';
import { useDeleteDose } from './api/delete-dose.ts';
import { useDose } from './api/get-dose.ts';
import { useRecordDose } from './api/record-dose.ts';
import { doseTimeText } from './dose-format.ts';
import { useDoseLabel } from './dose-label.ts';
import { doseConflictOf, PrnState } from './dose-state.tsx';

/** What the dialog records: a scheduled dose not given, an as-needed dose, or a correction. */
export type DoseDialogTarget =
  | { kind: 'not-given'; slot: DoseSlot; timeZone: string; today: string }
  | { kind: 'prn'; prn: PrnStatus; timeZone: string; today: string }
  | { kind: 'correct'; doseId: number; timeZone: string };

type InputOutcome = (typeof doseInputOutcomes)[number];

interface Values {
  outcome: InputOutcome;
  reason: NotGivenReason | '';
  note: string;
  prnReason: string;
  /** datetime-local, the viewer's clock; empty: now. */
  givenAt: string;
}

const formFields = ['outcome', 'reason', 'note', 'prnReason', 'givenAt'] as const;

/** The dose the values are for: its patient, prescription and time. */
interface Subject {
  patientId: number;
  prescriptionId: number;
  scheduledAt: string | null;
}

const toBody = (subject: Subject, values: Values): DoseInput => ({
  patientId: subject.patientId,
  prescriptionId: subject.prescriptionId,
  scheduledAt: subject.scheduledAt,
  outcome: values.outcome,
  givenAt: values.outcome === 'given' && values.givenAt ? fromDateTimeLocal(values.givenAt) : null,
  reason: values.outcome === 'not-given' && values.reason ? values.reason : null,
  prnReason: values.prnReason,
  note: values.note,
});

/**
 * Checks the values as the server will, with the shared schema and its messages (the form holds
 * a datetime-local and blanks; the body holds instants and nulls). An as-needed dose also needs
 * its reason, which only the server's rule (the prescription's kind) demands.
 */
const resolverFor =
  (subject: Subject): Resolver<Values> =>
  (values) => {
    const errors: FieldErrors<Values> = {};
    const parsed = doseInputSchema.safeParse(toBody(subject, values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const name = formFields.find((f) => f === field);
        if (name && !errors[name]) errors[name] = { type: 'schema', message: issue.message };
      }
    }
    if (subject.scheduledAt === null && !values.prnReason.trim()) {
      errors.prnReason = { type: 'schema', message: doseTexts.prnReasonRequired };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };

/**
 * The dialog of a dose: "Not given…" (refused, or not given with a reason; a note either way),
 * an as-needed dose (why, and when), or a correction of a recorded outcome with its earlier
 * versions struck through. Full screen on a phone; Save and Cancel stay in view.
 */
export function DoseDialog({
  target,
  onClose,
}: {
  target: DoseDialogTarget | null;
  onClose(): void;
}) {
  const fullScreen = useFullScreenDialog();
  const titleId = useId();
  // The last target stays rendered while the dialog closes, so it fades out with its content.
  // Each opening starts a fresh form (its key), even for the same dose.
  const [shown, setShown] = useState(target);
  const [openings, setOpenings] = useState(0);
  if (target && target !== shown) {
    setShown(target);
    setOpenings(openings + 1);
  }
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {shown?.kind === 'correct' ? (
        <CorrectDose
          key={openings}
          doseId={shown.doseId}
          timeZone={shown.timeZone}
          titleId={titleId}
          onClose={onClose}
        />
      ) : shown ? (
        <DoseForm key={openings} target={shown} titleId={titleId} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function DoseForm({
  target,
  titleId,
  onClose,
}: {
  target: Exclude<DoseDialogTarget, { kind: 'correct' }>;
  titleId: string;
  onClose(): void;
}) {
  const record = useRecordDose();
  const labelOf = useDoseLabel();
  const isPrn = target.kind === 'prn';
  const subject: Subject = isPrn
    ? {
        patientId: target.prn.patientId,
        prescriptionId: target.prn.prescriptionId,
        scheduledAt: null,
      }
    : {
        patientId: target.slot.patientId,
        prescriptionId: target.slot.prescriptionId,
        scheduledAt: target.slot.scheduledAt,
      };
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: resolverFor(subject),
    defaultValues: {
      outcome: isPrn ? 'given' : 'refused',
      reason: '',
      note: '',
      prnReason: '',
      givenAt: isPrn ? toDateTimeLocal(new Date()) : '',
    },
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    const medicine = isPrn ? target.prn : target.slot;
    const label = labelOf(
      medicine,
      isPrn ? null : target.slot.localTime,
      doseTexts.outcomeLabels[values.outcome],
    );
    record.mutate(
      { body: toBody(subject, values), label },
      {
        onSuccess: (result) => {
          notify(
            result.queued ? 'info' : 'success',
            result.queued ? offlineTexts.queued : doseTexts.recorded,
          );
          onClose();
        },
        onError: (error) => {
          const conflict = doseConflictOf(error);
          if (conflict?.code === 'already-recorded') {
            // Someone else recorded it: say who, and let the refreshed list show it.
            notify('info', conflict.message);
            onClose();
            return;
          }
          if (showServerFieldErrors(error, formFields, form.setError, { focus: true })) return;
          setProblem(error instanceof ApiError ? error.message : doseTexts.errorRecording);
        },
      },
    );
  });

  const title = isPrn
    ? doseTexts.prnTitle(target.prn.medication)
    : // A dose of another day (late last night, seen after midnight) names its day, as its row does.
      doseTexts.recordTitle(
        target.slot.medication,
        target.slot.localDate === target.today
          ? target.slot.localTime
          : doseTimeText(target.slot.scheduledAt, target.timeZone, target.today),
      );
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent
        sx={{ pt: '8px !important', display: 'grid', gap: 2.5, alignContent: 'start' }}
      >
        <Typography color="text.secondary">
          {(isPrn ? target.prn.dosage : target.slot.dosage) || null}
        </Typography>
        {isPrn ? (
          <>
            <PrnState prn={target.prn} timeZone={target.timeZone} today={target.today} />
            <TextInputOf form={form} name="prnReason" label={doseTexts.prnReason} required />
            <TextInputOf
              form={form}
              name="givenAt"
              label={doseTexts.timeGiven}
              type="datetime-local"
            />
            <TextInputOf form={form} name="note" label={doseTexts.note} multiline />
          </>
        ) : (
          <>
            <OutcomeChoice form={form} outcomes={['refused', 'not-given']} />
            <ReasonChoice form={form} />
            <TextInputOf form={form} name="note" label={doseTexts.note} required multiline />
          </>
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <Actions busy={record.isPending} onClose={onClose} />
    </form>
  );
}

function CorrectDose({
  doseId,
  timeZone,
  titleId,
  onClose,
}: {
  doseId: number;
  timeZone: string;
  titleId: string;
  onClose(): void;
}) {
  const dose = useDose(doseId);
  if (dose.data) {
    return <CorrectForm dose={dose.data} timeZone={timeZone} titleId={titleId} onClose={onClose} />;
  }
  return (
    <>
      <DialogTitle id={titleId}>{doseTexts.correctTitle}</DialogTitle>
      <DialogContent>
        {dose.isPending ? (
          <LoadingState label={doseRoundTexts.loading} />
        ) : (
          <ErrorState text={doseTexts.errorRecording} onRetry={() => void dose.refetch()} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {doseRoundTexts.close}
        </Button>
      </DialogActions>
    </>
  );
}

function CorrectForm({
  dose,
  timeZone,
  titleId,
  onClose,
}: {
  dose: Dose;
  timeZone: string;
  titleId: string;
  onClose(): void;
}) {
  const correct = useCorrectDose();
  const remove = useDeleteDose();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isPrn = dose.scheduledAt === null;
  const subject: Subject = {
    patientId: dose.patientId,
    prescriptionId: dose.prescriptionId,
    scheduledAt: dose.scheduledAt,
  };
  const form = useForm<Values>({
    resolver: resolverFor(subject),
    defaultValues: {
      outcome: dose.outcome === 'given-late' ? 'given' : dose.outcome,
      reason: dose.reason ?? '',
      note: dose.note,
      prnReason: dose.prnReason,
      givenAt: dose.givenAt ? toDateTimeLocal(dose.givenAt) : '',
    },
  });
  const outcome = form.watch('outcome');

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    correct.mutate(
      { id: dose.id, body: toBody(subject, values) },
      {
        onSuccess: () => {
          notify('success', doseTexts.corrected);
          onClose();
        },
        onError: (error) => {
          if (showServerFieldErrors(error, formFields, form.setError, { focus: true })) return;
          setProblem(error instanceof ApiError ? error.message : doseTexts.errorRecording);
        },
      },
    );
  });

  const time = doseTimeText(dose.doseTime, timeZone);
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>
        {doseTexts.correctTitle}: {doseTexts.recordTitle(dose.medication, time)}
      </DialogTitle>
      <DialogContent
        sx={{ pt: '8px !important', display: 'grid', gap: 2.5, alignContent: 'start' }}
      >
        {dose.dosage && <Typography color="text.secondary">{dose.dosage}</Typography>}
        <Typography>
          {doseRoundTexts.currentVersion}:{' '}
          {versionText(dose, dose.recordedByName, dose.updatedAt, timeZone)}
        </Typography>
        <History dose={dose} timeZone={timeZone} />
        {isPrn ? (
          <TextInputOf form={form} name="prnReason" label={doseTexts.prnReason} required />
        ) : (
          <OutcomeChoice form={form} outcomes={doseInputOutcomes} />
        )}
        {outcome === 'given' && (
          <TextInputOf
            form={form}
            name="givenAt"
            label={doseTexts.timeGiven}
            type="datetime-local"
          />
        )}
        {outcome === 'not-given' && <ReasonChoice form={form} />}
        <TextInputOf
          form={form}
          name="note"
          label={doseTexts.note}
          required={outcome !== 'given'}
          multiline
        />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <Actions
        busy={correct.isPending || remove.isPending}
        onClose={onClose}
        extra={
          <Button
            color="error"
            onClick={() => setConfirmDelete(true)}
            disabled={correct.isPending || remove.isPending}
            sx={{ minHeight: 48, mr: 'auto' }}
          >
            {doseRoundTexts.deleteDose}
          </Button>
        }
      />
      <ConfirmDialog
        open={confirmDelete}
        title={doseRoundTexts.deleteDoseTitle}
        message={doseRoundTexts.deleteDoseMessage}
        confirmLabel={doseRoundTexts.deleteDose}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(dose.id, {
            onSuccess: () => {
              notify('success', doseRoundTexts.doseDeleted);
              setConfirmDelete(false);
              onClose();
            },
            onError: (error) =>
              notify(
                'error',
                error instanceof ApiError ? error.message : doseRoundTexts.errorDeleting,
              ),
          })
        }
      />
    </form>
  );
}

/** One version in words: "Given at 08:05", "Not given: Asleep", with its note. */
function versionText(
  version: Pick<Dose, 'outcome' | 'givenAt' | 'reason' | 'note' | 'prnReason'>,
  by: string,
  at: string,
  timeZone: string,
): string {
  const parts: string[] = [doseTexts.outcomeLabels[version.outcome]];
  if (version.givenAt)
    parts[0] += ` ${doseRoundTexts.givenAtTime(doseTimeText(version.givenAt, timeZone))}`;
  if (version.reason) parts.push(doseTexts.reasonLabels[version.reason]);
  if (version.prnReason) parts.push(version.prnReason);
  if (version.note) parts.push(version.note);
  parts.push(`(${doseRoundTexts.recordedWhen(by, formatDateTime(at, timeZone))})`);
  return parts.join(' · ');
}

/** The versions a correction replaced, oldest first, struck through: never overwritten. */
function History({ dose, timeZone }: { dose: Dose; timeZone: string }) {
  if (dose.corrections.length === 0) return null;
  const headingId = `dose-history-${dose.id}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {doseTexts.history}
      </Typography>
      <List dense disablePadding>
        {dose.corrections.map((version, index) => (
          <ListItem key={index} disableGutters sx={{ display: 'block' }}>
            <Typography component="del" color="text.secondary" sx={{ display: 'block' }}>
              {versionText(version, version.recordedByName, version.recordedAt, timeZone)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {doseRoundTexts.replacedWhen(
                version.replacedByName,
                formatDateTime(version.replacedAt, timeZone),
              )}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

type Form = ReturnType<typeof useForm<Values>>;

function TextInputOf({
  form,
  name,
  label,
  required,
  multiline,
  type = 'text',
}: {
  form: Form;
  name: 'note' | 'prnReason' | 'givenAt';
  label: string;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'datetime-local';
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          label={label}
          required={required}
          type={type}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={type === 'text' ? undefined : { inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}

function OutcomeChoice({ form, outcomes }: { form: Form; outcomes: readonly InputOutcome[] }) {
  const labelId = useId();
  return (
    <Controller
      control={form.control}
      name="outcome"
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormLabel id={labelId}>{doseTexts.outcome}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value}
            onChange={(_event, value) => field.onChange(value)}
            row
          >
            {outcomes.map((outcome) => (
              <FormControlLabel
                key={outcome}
                value={outcome}
                control={<Radio />}
                label={doseTexts.outcomeLabels[outcome]}
                sx={{ minHeight: 48, mr: 3 }}
              />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** The reasons a dose was not given: shown only for "Not given". */
function ReasonChoice({ form }: { form: Form }) {
  const labelId = useId();
  const outcome = form.watch('outcome');
  const { setValue } = form;
  // Refused carries no reason: one chosen before switching would be refused by the schema.
  useEffect(() => {
    if (outcome !== 'not-given') setValue('reason', '');
  }, [outcome, setValue]);
  if (outcome !== 'not-given') return null;
  return (
    <Controller
      control={form.control}
      name="reason"
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} required>
          <FormLabel id={labelId}>{doseTexts.reason}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value}
            onChange={(_event, value) => field.onChange(value)}
          >
            {notGivenReasons.map((reason) => (
              <FormControlLabel
                key={reason}
                value={reason}
                control={
                  <Radio
                    slotProps={{
                      input: { ref: reason === notGivenReasons[0] ? field.ref : undefined },
                    }}
                  />
                }
                label={doseTexts.reasonLabels[reason]}
                sx={{ minHeight: 44 }}
              />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

function Actions({ busy, onClose, extra }: { busy: boolean; onClose(): void; extra?: ReactNode }) {
  return (
    <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
      {extra}
      <Button onClick={onClose} disabled={busy} sx={{ minHeight: 48 }}>
        {doseRoundTexts.cancel}
      </Button>
      <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 48 }}>
        {doseRoundTexts.save}
      </Button>
    </DialogActions>
  );
}
