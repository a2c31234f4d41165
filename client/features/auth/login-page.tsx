import { Box, Button, Link, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { notices, validation } from '../../../shared/messages.ts';
import { normalizeRole } from '../../../shared/permissions.ts';
import { RedirectSignedIn } from '../../app/guards.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { notify } from '../../lib/notify.ts';
import { AuthCard, authLinkSx } from './auth-card.tsx';
import { AuthTextField } from './auth-text-field.tsx';
import { landingPathFor, muiRegister } from './mui-register.ts';

interface LoginForm {
  username: string;
  password: string;
}

/**
 * The rules of loginFormSchema (shared/schemas/users.ts), written as react-hook-form rules so
 * the login screen does not download zod: a username that is not blank once trimmed, a
 * password of at least 6 characters, each with the same message in the same order.
 */
const rules = {
  username: {
    validate: (value: string) => value.trim().length > 0 || validation.usernameRequired,
  },
  password: {
    required: validation.passwordRequired,
    minLength: { value: 6, message: validation.passwordMin6 },
  },
} as const;

interface LoginResponse {
  role: string;
  message: string;
  token: string;
}

function LoginForm() {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    defaultValues: { username: '', password: '' },
  });
  const field = muiRegister(register);

  const onSubmit = async (values: LoginForm) => {
    let response: LoginResponse;
    try {
      response = await api<LoginResponse>('/api/users/login', {
        method: 'POST',
        // As the schema did: the username is sent trimmed.
        body: { username: values.username.trim(), password: values.password },
      });
    } catch (error) {
      // Every failure says 'Login failed'; throttling adds the server's advice to wait.
      const detail = error instanceof ApiError && error.status === 429 ? error.message : undefined;
      notify(
        'error',
        detail ? (
          <span>
            {notices.loginFailed}
            <br />
            {detail}
          </span>
        ) : (
          notices.loginFailed
        ),
      );
      return;
    }
    notify('success', response.message);
    // The server's effective role decides where to land, not the login answer's stored one.
    const me = await refresh().catch(() => null);
    await navigate(landingPathFor(me?.role ?? normalizeRole(response.role)), { replace: true });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Login">
      <AuthTextField
        label="Username"
        required
        autoComplete="username"
        autoFocus
        {...field('username', rules.username)}
        error={Boolean(errors.username)}
        helperText={errors.username?.message}
      />
      <AuthTextField
        label="Password"
        required
        type="password"
        autoComplete="current-password"
        {...field('password', rules.password)}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Button type="submit" variant="contained" fullWidth size="large" disabled={isSubmitting}>
        Login
      </Button>
      <Typography sx={{ mt: 2, textAlign: 'center' }}>
        No account yet?{' '}
        <Link component={RouterLink} to="/signup" sx={authLinkSx}>
          Sign Up
        </Link>
      </Typography>
    </Box>
  );
}

export default function LoginPage() {
  return (
    <RedirectSignedIn>
      <AuthCard title="Login">
        <LoginForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
