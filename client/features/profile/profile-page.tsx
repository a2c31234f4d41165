import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Card, CardContent, Grid, TextField, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDateTime } from '../../../shared/format.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { accountMessages, accountTexts, notices } from '../../../shared/messages.ts';
import {
  changePasswordSchema,
  updateProfileSchema,
  type Profile,
} from '../../../shared/schemas/users.ts';
import { ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { muiRegister } from '../../lib/mui-register.ts';
import { notify } from '../../lib/notify.ts';
import { useChangePassword } from './api/change-password.ts';
import { useProfile } from './api/get-profile.ts';
import { useSaveProfile } from './api/save-profile.ts';
import { TwoFactorCard } from './components/two-factor-card.tsx';
import { SessionsCard } from './components/sessions-card.tsx';
import { CalendarFeedCard } from './components/calendar-feed-card.tsx';

type ProfileFormInput = z.input<typeof updateProfileSchema>;
type ProfileFormOutput = z.output<typeof updateProfileSchema>;
type PasswordForm = z.infer<typeof changePasswordSchema>;

const editableFields = [
  'firstName',
  'secondName',
  'email',
  'primaryLocation',
  'secondaryLocation',
  'phoneNumber',
] as const;

function formValues(profile: Profile): ProfileFormInput {
  return {
    firstName: profile.firstName,
    secondName: profile.secondName,
    email: profile.email,
    primaryLocation: profile.primaryLocation,
    secondaryLocation: profile.secondaryLocation,
    phoneNumber: profile.phoneNumber,
  };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { refresh } = useSession();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: formValues(profile),
  });
  const field = muiRegister(register);

  // The first profile shown may be the copy kept on the device from an earlier visit; when the
  // server's answer arrives it replaces what the form shows, unless the person has typed already.
  const typed = useRef(false);
  typed.current = isDirty;
  useEffect(() => {
    if (!typed.current) reset(formValues(profile));
  }, [profile, reset]);

  const save = useSaveProfile<ProfileFormOutput>(profile, {
    onSuccess: async (next) => {
      reset(formValues(next));
      notify('success', notices.profileUpdated);
      await refresh(); // the name in the top bar
    },
    onError: (error) => {
      showServerFieldErrors(error, editableFields, setError, { focus: true });
      notify('error', notices.errorUpdatingProfile);
    },
  });

  const readOnly = (label: string, value: string) => (
    <TextField label={label} value={value} slotProps={{ input: { readOnly: true } }} />
  );
  const text = (name: (typeof editableFields)[number], label: string, extra: object = {}) => (
    <TextField
      label={label}
      {...field(name)}
      {...extra}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label="Profile"
      onSubmit={handleSubmit((values) => save.mutate(values))}
    >
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{readOnly('Username', profile.username)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {readOnly('Member since', formatDateTime(profile.createdAt))}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{readOnly('Role', profile.role)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{readOnly('Privileges', profile.privileges)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('firstName', 'First Name', { autoComplete: 'given-name' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('secondName', 'Second Name', { autoComplete: 'family-name' })}
        </Grid>
        <Grid size={{ xs: 12 }}>
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('primaryLocation', 'Primary Location')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('secondaryLocation', 'Secondary Location')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('phoneNumber', 'Phone Number', { type: 'tel', autoComplete: 'tel' })}
        </Grid>
      </Grid>
      <SubmitButton busy={save.isPending}>Save Profile</SubmitButton>
    </Box>
  );
}

function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const field = muiRegister(register);
  const change = useChangePassword();

  const onSubmit = async (values: PasswordForm) => {
    let answer: { message?: string } | undefined;
    try {
      answer = await change.mutateAsync(values);
    } catch (error) {
      if (
        !showServerFieldErrors(error, ['currentPassword', 'newPassword'], setError, {
          focus: true,
        })
      ) {
        notify(
          'error',
          error instanceof ApiError && error.message
            ? error.message
            : accountTexts.errorChangingPassword,
        );
      }
      return;
    }
    reset();
    notify('success', answer?.message ?? accountMessages.passwordChanged);
  };

  return (
    <Box component="form" noValidate aria-label="Change password" onSubmit={handleSubmit(onSubmit)}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            {...field('currentPassword')}
            error={Boolean(errors.currentPassword)}
            helperText={errors.currentPassword?.message}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            {...field('newPassword')}
            error={Boolean(errors.newPassword)}
            helperText={
              errors.newPassword?.message ?? 'At least 8 characters; not a common password.'
            }
          />
        </Grid>
      </Grid>
      <SubmitButton busy={isSubmitting}>Change Password</SubmitButton>
    </Box>
  );
}

export default function ProfilePage() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const query = useProfile(username);

  // The seed greets the load of the screen once (a save or a refetch does not repeat it).
  const announced = useRef(false);
  useEffect(() => {
    if (query.isSuccess && !announced.current) {
      announced.current = true;
      notify('success', notices.profileLoaded, { toastId: 'profile-loaded' });
    }
  }, [query.isSuccess]);
  useEffect(() => {
    if (query.isError) notify('error', notices.errorFetchingProfile, { toastId: 'profile-error' });
  }, [query.isError]);

  return (
    <>
      <PageHeader title="Profile" />
      <Card sx={{ maxWidth: 760, mb: 3 }}>
        <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
          {query.isLoading && <LoadingState />}
          {query.isError && (
            <ErrorState text={notices.errorFetchingProfile} onRetry={() => void query.refetch()} />
          )}
          {query.data && <ProfileForm profile={query.data} />}
        </CardContent>
      </Card>
      <Card sx={{ maxWidth: 760 }}>
        <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Change password
          </Typography>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <TwoFactorCard />
      <SessionsCard />
      <CalendarFeedCard />
    </>
  );
}
