import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { rotaTexts, visitTexts } from '../../../shared/messages.ts';
import { visitInputSchema, type VisitInput } from '../../../shared/schemas/visits.ts';
import { weeklyOccurrences } from '../../../shared/visit-rules.ts';
import { FormDialog } from '../form-dialog.tsx';
import { PersonPicker } from '../person-picker.tsx';
import { notify } from '../../lib/notify.ts';
import { useCareTeamCaregivers } from './api/care-team-caregivers.ts';
import { useAgencyZone } from './api/get-agency-zone.ts';
import { useCarePlanTasks } from './api/get-care-plan-tasks.ts';
import { usePlanVisit } from './api/plan-visit.ts';
import {
  CaregiverField,
  ConflictAlert,
  RepeatFields,
  ServiceFields,
  TaskFields,
  WhenFields,
  emptyVisitValues,
  serverFieldErrors,
  spanOf,
  timeIssues,
  visitConflictOf,
  visitResolver,
  weekdayOfDate,
  type VisitFormValues,
} from './visit-form.tsx';

/** What the dialog starts with when opened from a cell of the rota (a caregiver and a day). */
export interface PlanVisitPrefill {
  caregiverId?: number | null;
  caregiverName?: string;
  date?: string;
  patientId?: number;
}

/** The body of POST /api/visits from the form's values (tasks only once the form holds them). */
export function planBody(values: VisitFormValues, zone: string, withTasks: boolean): VisitInput {
  return {
    patientId: values.patientId as number,
    caregiverId: values.caregiverId,
    ...spanOf(values, zone),
    serviceType: values.serviceType as VisitInput['serviceType'],
    instructions: values.instructions,
    ...(withTasks ? { tasks: values.tasks.map((task) => task.title) } : {}),
    repeat: values.repeat ? { weekdays: values.weekdays, until: values.until } : null,
  };
}

const issuesOf = (body: VisitInput) => {
  const parsed = visitInputSchema.safeParse(body);
  return [
    ...timeIssues(body),
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }))),
  ];
};

/**
 * "Plan a visit": patient, a caregiver of the patient's care team (or nobody yet), date and
 * times in the agency's zone, type of service, instructions, the tasks (copied from the care
 * plan, editable) and an optional weekly repeat. The server's field messages land under the
 * fields; a double booking shows as an alert naming the clash.
 */
export function PlanVisitDialog({
  open,
  prefill,
  onClose,
}: {
  open: boolean;
  prefill: PlanVisitPrefill | null;
  onClose(): void;
}) {
  const zone = useAgencyZone(open);
  const plan = usePlanVisit();
  const [conflict, setConflict] = useState<ReturnType<typeof visitConflictOf>>(null);
  const tasksEdited = useRef(false);
  const weekdaysEdited = useRef(false);
  const timeZone = zone.data ?? 'UTC';
  const zoneRef = useRef(timeZone);
  zoneRef.current = timeZone;

  const initial = (): VisitFormValues => ({
    ...emptyVisitValues,
    patientId: prefill?.patientId ?? null,
    caregiverId: prefill?.caregiverId ?? null,
    date: prefill?.date ?? '',
  });

  const teamRef = useRef<{ userId: number; name: string }[] | undefined>(undefined);
  const form = useForm<VisitFormValues>({
    resolver: visitResolver(
      (values) => issuesOf(planBody(values, zoneRef.current, true)),
      (values) => {
        // The team is known: a caregiver from elsewhere is refused before asking the server.
        const team = teamRef.current;
        if (values.caregiverId === null || !team) return {};
        if (team.some((member) => member.userId === values.caregiverId)) return {};
        return {
          caregiverId: visitTexts.caregiverNotOnTeam(
            prefill?.caregiverName ?? `#${values.caregiverId}`,
          ),
        };
      },
    ),
    defaultValues: initial(),
  });
  const { control, handleSubmit, reset, setError, setValue, getValues } = form;

  useEffect(() => {
    if (open) {
      reset(initial());
      setConflict(null);
      tasksEdited.current = false;
      weekdaysEdited.current = false;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const patientId = useWatch({ control, name: 'patientId' });
  const date = useWatch({ control, name: 'date' });
  const repeat = useWatch({ control, name: 'repeat' });
  const team = useCareTeamCaregivers(open ? patientId : null);
  teamRef.current = team.data;
  const carePlan = useCarePlanTasks(open ? patientId : null);

  // The patient's care plan fills the task list until someone changes it.
  useEffect(() => {
    if (!open || tasksEdited.current) return;
    setValue(
      'tasks',
      (carePlan.data ?? []).map((task) => ({ id: null, title: task.title })),
    );
  }, [open, carePlan.data, setValue]);

  // The first visit's weekday is chosen for the repeat until someone picks days.
  useEffect(() => {
    if (weekdaysEdited.current) return;
    const day = weekdayOfDate(date);
    setValue('weekdays', day ? [day] : []);
  }, [date, repeat, setValue]);

  const submit = handleSubmit(async (values) => {
    setConflict(null);
    const withTasks = tasksEdited.current || carePlan.isSuccess;
    const body = planBody(values, timeZone, withTasks);
    try {
      await plan.mutateAsync(body);
      const count = body.repeat
        ? weeklyOccurrences(
            { start: new Date(body.plannedStart), end: new Date(body.plannedEnd) },
            body.repeat,
            timeZone,
          ).length
        : 1;
      notify('success', count === 1 ? rotaTexts.planned : rotaTexts.plannedMany(count));
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
        error instanceof Error && !fields.length ? error.message : rotaTexts.errorPlanning,
      );
    }
  });

  return (
    <FormDialog
      open={open}
      titleId="plan-visit-title"
      title={rotaTexts.planTitle}
      onSubmit={submit}
      onClose={onClose}
      busy={plan.isPending}
      cancelLabel={rotaTexts.cancel}
      submitLabel={rotaTexts.plan}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <ConflictAlert conflict={conflict} />
        {zone.isError && <Alert severity="warning">{rotaTexts.zoneNote('UTC')}</Alert>}
        {zone.data && (
          <Typography variant="body2" color="text.secondary">
            {rotaTexts.zoneNote(zone.data)}
          </Typography>
        )}
        <Controller
          control={control}
          name="patientId"
          render={({ field, fieldState }) => (
            <PersonPicker
              role="patient"
              label={visitTexts.patient}
              name="patientId"
              required
              value={field.value}
              onChange={(id) => {
                field.onChange(id);
                if (!tasksEdited.current) setValue('tasks', []);
                // Nobody of another team stays chosen unless the rota row named them.
                if (getValues('caregiverId') !== (prefill?.caregiverId ?? null)) {
                  setValue('caregiverId', null);
                }
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <CaregiverField
          control={control}
          team={team.data}
          teamLoading={team.isLoading}
          patientChosen={patientId !== null}
          knownName={prefill?.caregiverName}
        />
        <WhenFields control={control} />
        <ServiceFields control={control} />
        <TaskFields
          control={control}
          help={carePlan.data?.length ? rotaTexts.tasksFromPlan : undefined}
          onEdit={() => {
            tasksEdited.current = true;
          }}
        />
        <RepeatFields
          control={control}
          onWeekdaysEdit={() => {
            weekdaysEdited.current = true;
          }}
        />
      </Box>
    </FormDialog>
  );
}
