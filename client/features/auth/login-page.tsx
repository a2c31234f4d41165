import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { notices } from '../../../shared/messages.ts';
import { normalizeRole } from '../../../shared/permissions.ts';
import { loginFormSchema } from '../../../shared/schemas/users.ts';
import { RedirectSignedIn } from '../../app/guards.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { AuthCard, authLinkSx } from './auth-card.tsx';
import { landingPathFor, muiRegister } from './mui-register.ts';

type LoginForm = z.infer<typeof loginFormSchema>;

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
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const field = muiRegister(register);

  const onSubmit = async (values: LoginForm) => {
    let response: LoginResponse;
    try {
      response = await api<LoginResponse>('/api/users/login', {
        method: 'POST',
        body: values,
      });
    } catch (error) {
      // Every failure says 'Login failed'; throttling adds the server's advice to wait.
      const detail = error instanceof ApiError && error.status === 429 ? error.message : undefined;
      toast.error(
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
    toast.success(response.message);
    // The server's effective role decides where to land, not the login answer's stored one.
    const me = await refresh().catch(() => null);
    await navigate(landingPathFor(me?.role ?? normalizeRole(response.role)), { replace: true });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Login">
      <TextField
        label="Username"
        required
        autoComplete="username"
        autoFocus
        {...field('username')}
        error={Boolean(errors.username)}
        helperText={errors.username?.message}
      />
      <TextField
        label="Password"
        required
        type="password"
        autoComplete="current-password"
        {...field('password')}
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
