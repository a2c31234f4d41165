import { zodResolver } from '@hookform/resolvers/zod';
import {
  Autocomplete,
  Box,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  agencyAccountTexts,
  agencyTexts,
  scheduleTexts,
  timesheetTexts,
} from '../../../../shared/messages.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import {
  agencySettingsInputSchema,
  type AgencySettings,
  type AgencySettingsInput,
  type SignUpPolicy,
} from '../../../../shared/schemas/doses.ts';
import { ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useAgencySettings } from '../api/get-agency-settings.ts';
import { useSaveAgencySettings } from '../api/save-agency-settings.ts';

/** What the fields hold while typed: a cleared number field is null until it is filled. */
interface AgencyFormValues {
  timeZone: string;
  doseWindowMinutes: number | null;
  doseMissedAfterMinutes: number | null;
  visitLateAfterMinutes: number | null;
  signUpPolicy: SignUpPolicy;
  invitationDays: number | null;
  requireTwoFactorForStaff: boolean;
  auditRetentionYears: number | null;
}

const fields = [
  'timeZone',
  'doseWindowMinutes',
  'doseMissedAfterMinutes',
  'visitLateAfterMinutes',
  'signUpPolicy',
  'invitationDays',
  'requireTwoFactorForStaff',
  'auditRetentionYears',
];

const signUpChoices: [SignUpPolicy, string][] = [
  ['open', agencyAccountTexts.signUpOpen],
  ['patients', agencyAccountTexts.signUpPatients],
  ['closed', agencyAccountTexts.signUpClosed],
];

/** The zones this browser knows, with the stored one and UTC even where the list leaves them out. */
function zonesWith(stored: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (stored) zones.add(stored);
  return [...zones].sort();
}

function AgencyForm({ stored }: { stored: AgencySettings }) {
  const save = useSaveAgencySettings();
  const zones = useMemo(() => zonesWith(stored.timeZone), [stored.timeZone]);
  const { control, handleSubmit, reset, setError } = useForm<
    AgencyFormValues,
    unknown,
    AgencySettingsInput
  >({
    // The form holds null in a cleared number field; the schema's message covers it.
    resolver: zodResolver(agencySettingsInputSchema) as unknown as Resolver<
      AgencyFormValues,
      unknown,
      AgencySettingsInput
    >,
    defaultValues: stored,
  });
  useEffect(() => reset(stored), [stored, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify('success', agencyTexts.saved);
    } catch (error) {
      showServerFieldErrors(error, fields, setError, { focus: true });
      notify('error', agencyTexts.errorSaving);
    }
  });

  const numberField = (
    name:
      | 'doseWindowMinutes'
      | 'doseMissedAfterMinutes'
      | 'visitLateAfterMinutes'
      | 'invitationDays'
      | 'auditRetentionYears',
    label: string,
    hint?: string,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            const text = event.target.value.trim();
            field.onChange(text === '' ? null : Number(text));
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? hint}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 320 }}
        />
      )}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={agencyTexts.title}
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Controller
        control={control}
        name="timeZone"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={zones}
            value={field.value || null}
            onChange={(_event, zone) => field.onChange(zone ?? '')}
            onBlur={field.onBlur}
            noOptionsText={scheduleTexts.timeZoneNone}
            autoHighlight
            renderInput={(params) => (
              <TextField
                {...params}
                label={agencyTexts.timeZone}
                name={field.name}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
            sx={{ maxWidth: 400 }}
          />
        )}
      />
      {numberField('doseWindowMinutes', scheduleTexts.doseWindowLabel, agencyTexts.doseWindow)}
      {numberField(
        'doseMissedAfterMinutes',
        scheduleTexts.doseMissedAfterLabel,
        agencyTexts.doseMissedAfter,
      )}
      {numberField(
        'visitLateAfterMinutes',
        timesheetTexts.lateAfterLabel,
        timesheetTexts.lateAfterHint,
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        {agencyAccountTexts.group}
      </Typography>
      <Controller
        control={control}
        name="signUpPolicy"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={agencyAccountTexts.signUpPolicy}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            sx={{ maxWidth: 400 }}
          >
            {signUpChoices.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {numberField('invitationDays', agencyAccountTexts.invitationDays)}
      <Controller
        control={control}
        name="requireTwoFactorForStaff"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label={agencyAccountTexts.requireTwoFactor}
          />
        )}
      />
      {numberField(
        'auditRetentionYears',
        agencyAccountTexts.auditRetentionYears,
        agencyAccountTexts.auditRetentionHint,
      )}
      <Box>
        <SubmitButton busy={save.isPending}>{scheduleTexts.saveAgency}</SubmitButton>
      </Box>
    </Box>
  );
}

/**
 * The agency's own settings, for those who manage the agency: the time zone doses are
 * scheduled in, how long a dose is due around its time, when it counts as missed, and how
 * long after its start a visit not checked in counts as late.
 */
export function AgencySettingsCard() {
  const query = useAgencySettings();
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ maxWidth: 560, mt: 3 }}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {agencyTexts.title}
        </Typography>
        {query.isLoading && <LoadingState />}
        {query.isError && (
          <ErrorState
            text={scheduleTexts.errorFetchingAgency}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data && <AgencyForm stored={query.data} />}
      </CardContent>
    </Card>
  );
}
