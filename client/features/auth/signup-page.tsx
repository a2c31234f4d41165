import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Grid, Link, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { accountTexts, invitationTexts, notices, validation } from '../../../shared/messages.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import {
  privileges,
  signUpRoles,
  type Privilege,
  type SignUpRole,
} from '../../../shared/permissions.ts';
import { registerSchema } from '../../../shared/schemas/users.ts';
import { api, ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { AuthCard, authLinkSx } from './auth-card.tsx';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { muiRegister } from '../../lib/mui-register.ts';
import { useSignUpStatus } from './api/sign-up-status.ts';

/**
 * registerSchema with the two choices allowed to start empty, so that an untouched select
 * answers the seed's 'Role is required' / 'Privileges are required'.
 */
const signupFormSchema = registerSchema.extend({
  role: z
    .string()
    .refine((v) => (signUpRoles as readonly string[]).includes(v), validation.roleRequired)
    .transform((v) => v as SignUpRole),
  privileges: z
    .string()
    .refine((v) => (privileges as readonly string[]).includes(v), validation.privilegesRequired)
    .transform((v) => v as Privilege),
});
type SignupFormInput = z.input<typeof signupFormSchema>;
type SignupFormOutput = z.output<typeof signupFormSchema>;

const emptyForm: SignupFormInput = {
  username: '',
  firstName: '',
  secondName: '',
  email: '',
  password: '',
  primaryLocation: '',
  role: '',
  privileges: '',
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const fieldNames = Object.keys(emptyForm) as (keyof SignupFormInput)[];

/** The agency's sign-up policy: 'closed' shows no form; 'patients' offers only the patient role. */
export default function SignupPage() {
  const { data: status } = useSignUpStatus();
  if (status?.signUp === 'closed') {
    return (
      <AuthCard title={invitationTexts.closedTitle}>
        <Typography sx={{ mb: 2 }}>{invitationTexts.closedNote}</Typography>
        <Typography sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" sx={authLinkSx}>
            Login
          </Link>
        </Typography>
      </AuthCard>
    );
  }
  return <SignupForm patientsOnly={status?.signUp === 'patients'} />;
}

function SignupForm({ patientsOnly }: { patientsOnly: boolean }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: emptyForm,
  });
  const field = muiRegister(register);
  const chosenPrivilege = watch('privileges');
  const needsApproval = chosenPrivilege === 'supervisor' || chosenPrivilege === 'admin';

  const onSubmit = async (values: SignupFormOutput) => {
    try {
      await api('/api/users/register', { method: 'POST', body: values });
    } catch (error) {
      if (!showServerFieldErrors(error, fieldNames, setError, { focus: true })) {
        notify(
          'error',
          error instanceof ApiError && error.message ? error.message : notices.signupFailed,
        );
      }
      return;
    }
    notify('success', notices.signupSuccess);
    reset(emptyForm);
    await navigate('/login');
  };

  /** A required text field; `hint` stays under it until a message takes its place. */
  const text = (name: keyof SignupFormInput, label: string, extra: object = {}, hint?: string) => (
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
    <AuthCard title="Sign Up" width={640}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign Up">
        {patientsOnly && (
          <Typography sx={{ mb: 2 }} color="text.secondary">
            {invitationTexts.patientsOnlyNote}
          </Typography>
        )}
        <Grid container columnSpacing={2}>
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
          <Grid size={{ xs: 12 }}>
            {text('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
          </Grid>
          <Grid size={{ xs: 12 }}>{text('primaryLocation', 'Primary Location')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              required
              label="Role"
              {...field('role')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              error={Boolean(errors.role)}
              helperText={errors.role?.message}
            >
              <option value="">Choose a role</option>
              {(patientsOnly ? (['patient'] as const) : signUpRoles).map((role) => (
                <option key={role} value={role}>
                  {capitalize(role)}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              required
              label="Privileges"
              {...field('privileges')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              error={Boolean(errors.privileges)}
              helperText={
                errors.privileges?.message ??
                (needsApproval ? accountTexts.privilegeNeedsApproval : undefined)
              }
            >
              <option value="">Choose privileges</option>
              {privileges.map((privilege) => (
                <option key={privilege} value={privilege}>
                  {capitalize(privilege)}
                </option>
              ))}
            </TextField>
          </Grid>
        </Grid>
        <SubmitButton fullWidth size="large" busy={isSubmitting}>
          Sign Up
        </SubmitButton>
        <Typography sx={{ mt: 2, textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" sx={authLinkSx}>
            Login
          </Link>
        </Typography>
      </Box>
    </AuthCard>
  );
}
