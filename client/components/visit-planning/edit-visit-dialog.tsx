import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { rotaTexts, visitTexts } from '../../../shared/messages.ts';
import {
  visitUpdateSchema,
  type ApplyTo,
  type Visit,
  type VisitUpdate,
} from '../../../shared/schemas/visits.ts';
import { useFullScreenDialog } from '../dialog.ts';
import { ErrorState, LoadingState } from '../list-states.tsx';
import { notify } from '../../lib/notify.ts';
import { useCareTeamCaregivers } from './api/care-team-caregivers.ts';
import { useAgencyZone } from './api/get-agency-zone.ts';
import { useVisit } from './api/get-visit.ts';
import { useUpdateVisit } from './api/update-visit.ts';
import {
  ApplyToField,
  CaregiverField,
  ConflictAlert,
  ServiceFields,
  TaskFields,
  WhenFields,
  emptyVisitValues,
  serverFieldErrors,
  spanOf,
  timeIssues,
  visitConflictOf,
  visitResolver,
  type VisitFormValues,
} from './visit-form.tsx';
import { localVisitTimes } from './visit-times.ts';

/** The body of PUT /api/visits/{id}; the task list only when it was changed. */
export function updateBody(values: VisitFormValues, zone: string, withTasks: boolean): VisitUpdate {
  return {
    caregiverId: values.caregiverId,
    ...spanOf(values, zone),
    serviceType: values.serviceType as VisitUpdate['serviceType'],
    instructions: values.instructions,
    ...(withTasks
      ? {
          tasks: values.tasks.map((task) =>
            task.id === null ? { title: task.title } : { id: task.id, title: task.title },
          ),
        }
      : {}),
    applyTo: values.applyTo as ApplyTo,
  };
}

function valuesOf(visit: Visit, zone: string): VisitFormValues {
  return {
    ...emptyVisitValues,
    patientId: visit.patientId,
    caregiverId: visit.caregiverId,
    ...localVisitTimes(visit.plannedStart, visit.plannedEnd, zone),
    serviceType: visit.serviceType,
    instructions: visit.instructions,
    tasks: visit.tasks.map((task) => ({ id: task.id, title: task.title })),
    // A visit of a series asks which visits the change is for: nothing is chosen for the user.
    applyTo: visit.seriesId === null ? 'one' : '',
  };
}

/**
 * "Edit visit": caregiver, date and times, type of service, instructions and tasks of a planned
 * visit; for a visit of a weekly series, an explicit choice between this visit only and this and
 * the following ones.
 */
export function EditVisitDialog({ visitId, onClose }: { visitId: number | null; onClose(): void }) {
  const open = visitId !== null;
  // The last visit stays shown while the dialog fades out.
  const [shownId, setShownId] = useState(visitId);
  if (visitId !== null && visitId !== shownId) setShownId(visitId);
  const visit = useVisit(shownId);
  const zone = useAgencyZone(shownId !== null);
  const fullScreen = useFullScreenDialog();
  // One dialog from loading to the form, so the focus returns to what opened it.
  const ready = visit.data && zone.data;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="edit-visit-title"
    >
      {ready ? (
        <EditForm key={visit.data.id} visit={visit.data} zone={zone.data} onClose={onClose} />
      ) : (
        <>
          <DialogTitle id="edit-visit-title">{rotaTexts.editTitle}</DialogTitle>
          <DialogContent>
            {visit.isLoading || zone.isLoading ? (
              <LoadingState label={rotaTexts.loading} />
            ) : (
              <ErrorState text={rotaTexts.errorLoadingVisit} onRetry={() => void visit.refetch()} />
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>{rotaTexts.cancel}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function EditForm({ visit, zone, onClose }: { visit: Visit; zone: string; onClose(): void }) {
  const update = useUpdateVisit();
  const [conflict, setConflict] = useState<ReturnType<typeof visitConflictOf>>(null);
  const tasksEdited = useRef(false);
  const team = useCareTeamCaregivers(visit.patientId);
  const teamRef = useRef(team.data);
  teamRef.current = team.data;
  const form = useForm<VisitFormValues>({
    resolver: visitResolver(
      (values) => {
        const body = updateBody(values, zone, true);
        const parsed = visitUpdateSchema.safeParse(body);
        return [
          ...timeIssues(body),
          ...(parsed.success
            ? []
            : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
        ];
      },
      (values) => {
        const members = teamRef.current;
        if (values.caregiverId === null || !members) return {};
        if (values.caregiverId === visit.caregiverId) return {};
        if (members.some((member) => member.userId === values.caregiverId)) return {};
        return { caregiverId: visitTexts.caregiverNotOnTeam(`#${values.caregiverId}`) };
      },
    ),
    defaultValues: valuesOf(visit, zone),
  });
  const { control, handleSubmit, setError } = form;
  useEffect(() => setConflict(null), [visit.id]);

  const submit = handleSubmit(async (values) => {
    setConflict(null);
    try {
      await update.mutateAsync({
        id: visit.id,
        body: updateBody(values, zone, tasksEdited.current),
      });
      notify('success', rotaTexts.updated);
      onClose();
    } catch (error) {
      const clash = visitConflictOf(error);
      if (clash) {
        setConflict(clash);
        return;
      }
      const fields = serverFieldErrors(error);
      fields.forEach(({ name, message }, index) =>
        setError(name as FieldPath<VisitFormValues>, { message }, { shouldFocus: index === 0 }),
      );
      notify(
        'error',
        !fields.length && error instanceof Error ? error.message : rotaTexts.errorSaving,
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="edit-visit-title">{rotaTexts.editTitle}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ConflictAlert conflict={conflict} />
          <Typography variant="body2" color="text.secondary">
            {rotaTexts.zoneNote(zone)}
          </Typography>
          <TextField label={visitTexts.patient} value={visit.patientName ?? ''} disabled />
          <CaregiverField
            control={control}
            team={team.data}
            teamLoading={team.isLoading}
            patientChosen
            knownName={visit.caregiverName || undefined}
          />
          <WhenFields control={control} />
          <ServiceFields control={control} />
          <TaskFields
            control={control}
            onEdit={() => {
              tasksEdited.current = true;
            }}
          />
          {visit.seriesId !== null && <ApplyToField control={control} />}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {rotaTexts.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {rotaTexts.save}
        </Button>
      </DialogActions>
    </form>
  );
}
