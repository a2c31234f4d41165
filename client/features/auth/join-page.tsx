import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, CircularProgress, Grid, Link, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { invitationTexts, twoFactorTexts, validation } from '../../../shared/messages.ts';
import { dashboardPathFor, normalizeRole } from '../../../shared/permissions.ts';
import {
  joinFormSchema,
  type InvitationView,
  type JoinFormInput,
} from '../../../shared/schemas/invitations.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { muiRegister } from '../../lib/mui-register.ts';
import { notify } from '../../lib/notify.ts';
import { acceptInvitation, useInvitation } from './api/invitation.ts';
import { AuthCard, authLinkSx } from './auth-card.tsx';

const emptyForm: JoinFormInput = {
  username: '',
  firstName: '',
  secondName: '',
  email: '',
  password: '',
  confirmPassword: '',
  primaryLocation: '',
};
const fieldNames = Object.keys(emptyForm) as (keyof JoinFormInput)[];

const roleWord = (invitation: InvitationView) => `${invitation.role} (${invitation.privileges})`;

function BackToLogin() {
  return (
    <Typography sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" sx={authLinkSx}>
        {invitationTexts.backToLogin}
      </Link>
    </Typography>
  );
}

/** The form of a live invitation: names and email prefilled from it, then signed in. */
function JoinForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JoinFormInput>({ resolver: zodResolver(joinFormSchema), defaultValues: emptyForm });
  const field = muiRegister(register);

  useEffect(() => {
    reset({
      ...emptyForm,
      firstName: invitation.firstName,
      secondName: invitation.secondName,
      email: invitation.email,
    });
  }, [invitation, reset]);

  const onSubmit = async ({ confirmPassword: _confirm, ...values }: JoinFormInput) => {
    let answer;
    try {
      answer = await acceptInvitation({ ...values, token });
    } catch (error) {
      if (!showServerFieldErrors(error, fieldNames, setError, { focus: true })) {
        notify(
          'error',
          error instanceof ApiError && error.message ? error.message : invitationTexts.invalidLink,
        );
      }
      return;
    }
    notify('success', invitationTexts.joined);
    const me = await refresh().catch(() => null);
    // The agency asks this admin or supervisor to turn two-factor on: the profile has the switch.
    if (answer.twoFactorSetupRequired) {
      notify('info', twoFactorTexts.setupRequired);
      await navigate('/profile', { replace: true });
      return;
    }
    await navigate(dashboardPathFor(me?.role ?? normalizeRole(answer.role)), { replace: true });
  };

  const text = (name: keyof JoinFormInput, label: string, extra: object = {}, hint?: string) => (
    <TextField
      label={label}
      required
      {...field(name)}
      {...extra}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? hint}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Join">
      <Typography sx={{ mb: 1 }}>
        {invitation.invitedBy
          ? invitationTexts.joinIntro(invitation.invitedBy, roleWord(invitation))
          : invitationTexts.joinIntroNoInviter(roleWord(invitation))}
      </Typography>
      {invitation.patientName && (
        <Typography sx={{ mb: 1 }} color="text.secondary">
          {invitationTexts.joinPatient(invitation.patientName)}
        </Typography>
      )}
      <Grid container columnSpacing={2} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12 }}>
          {text('username', 'Username', { autoComplete: 'username' }, validation.usernameRule)}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('firstName', 'First Name', { autoComplete: 'given-name' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('secondName', 'Second Name', { autoComplete: 'family-name' })}
        </Grid>
        <Grid size={{ xs: 12 }}>
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('confirmPassword', invitationTexts.confirmPassword, {
            type: 'password',
            autoComplete: 'new-password',
          })}
        </Grid>
        <Grid size={{ xs: 12 }}>{text('primaryLocation', 'Primary Location')}</Grid>
      </Grid>
      <SubmitButton fullWidth size="large" busy={isSubmitting}>
        {invitationTexts.joinSubmit}
      </SubmitButton>
    </Box>
  );
}

/** /join?token=…: who invites them and as what, then the account form; a dead link says so. */
export default function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  let content;
  if (token === '' || invitation.error) {
    content = (
      <>
        <Alert severity="error">
          {invitation.error instanceof ApiError && invitation.error.message
            ? invitation.error.message
            : invitationTexts.invalidLink}
        </Alert>
        <BackToLogin />
      </>
    );
  } else if (!invitation.data) {
    content = (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>{invitationTexts.checking}</Typography>
      </Box>
    );
  } else {
    content = <JoinForm token={token} invitation={invitation.data} />;
  }
  return (
    <AuthCard title={invitationTexts.joinTitle} width={640}>
      {content}
    </AuthCard>
  );
}
