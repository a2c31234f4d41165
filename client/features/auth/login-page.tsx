import { Box, Link, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { loginTexts, notices, validation } from '../../../shared/messages.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { dashboardPathFor, normalizeRole } from '../../../shared/permissions.ts';
import { Loading, RedirectSignedIn } from '../../app/guards.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { notify } from '../../lib/notify.ts';
import { AuthCard, authLinkSx } from './auth-card.tsx';
import { AuthTextField } from './auth-text-field.tsx';
import { lazyPanel } from '../../lib/lazy-dialog.tsx';
import { useSignUpStatus } from './api/sign-up-status.ts';
import type { SignedInAnswer } from './two-factor-step.tsx';

// Shown to few: the code step to accounts with two-step sign-in, the first-run note on an empty
// database. Each is fetched once the browser is idle, so /login's first download leaves them out.
const TwoFactorStep = lazyPanel(
  () => import('./two-factor-step.tsx').then((m) => m.TwoFactorStep),
  <Loading />,
);
const FirstRunNote = lazyPanel(
  () => import('./first-run-note.tsx').then((m) => m.FirstRunNote),
  null,
);

interface LoginForm {
  username: string;
  password: string;
}

type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/**
 * The rules of loginFormSchema (shared/schemas/users.ts), written out so the login screen
 * downloads neither zod nor a form library: a username that is not blank once trimmed, a
 * password of at least 6 characters, each with the schema's message. A test compares the two.
 */
export function checkLogin(values: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  if (values.username.trim().length === 0) errors.username = validation.usernameRequired;
  if (values.password.length === 0) errors.password = validation.passwordRequired;
  else if (values.password.length < 6) errors.password = validation.passwordMin6;
  return errors;
}

const fieldOrder: (keyof LoginForm)[] = ['username', 'password'];

/** Signed in, or (two-factor on) a challenge for the code step. */
type LoginResponse = SignedInAnswer | { role: string; message: string; challenge: string };

/**
 * The login form. Like the app's other forms it checks on submit, then again on every change
 * once submitted, and puts the focus on the first field that is wrong.
 */
function LoginForm() {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginForm, HTMLInputElement | null>>>({});
  const [challenge, setChallenge] = useState<string | null>(null);

  const field = (name: keyof LoginForm) => ({
    name,
    value: values[name],
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) setErrors(checkLogin(next));
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  const login = async () => {
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
    if ('challenge' in response) setChallenge(response.challenge);
    else await signedIn(response);
  };

  const signedIn = async (response: SignedInAnswer) => {
    notify('success', response.message);
    // The server's effective role decides where to land, not the login answer's stored one.
    const me = await refresh().catch(() => null);
    // The agency asks this admin or supervisor to turn two-factor on: the profile has the switch.
    if (response.twoFactorSetupRequired) notify('info', loginTexts.twoFactorSetupRequired);
    const home = dashboardPathFor(me?.role ?? normalizeRole(response.role));
    await navigate(response.twoFactorSetupRequired ? '/profile' : home, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = checkLogin(values);
    setErrors(found);
    setSubmitted(true);
    const firstWrong = fieldOrder.find((name) => found[name]);
    if (firstWrong) {
      inputs.current[firstWrong]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await login();
    } finally {
      setSubmitting(false);
    }
  };

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onBack={() => setChallenge(null)}
        onSignedIn={signedIn}
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Login">
      <AuthTextField
        label="Username"
        required
        autoComplete="username"
        autoFocus
        {...field('username')}
      />
      <AuthTextField
        label="Password"
        required
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <SubmitButton fullWidth size="large" busy={isSubmitting}>
        Login
      </SubmitButton>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        <Link component={RouterLink} to="/forgot-password" sx={authLinkSx}>
          {loginTexts.forgotLink}
        </Link>
      </Typography>
      <Typography sx={{ textAlign: 'center' }}>
        No account yet?{' '}
        <Link component={RouterLink} to="/signup" sx={authLinkSx}>
          Sign Up
        </Link>
      </Typography>
    </Box>
  );
}

export default function LoginPage() {
  // Asked at once; the note's own code comes only when the database is empty.
  const { data: signUpStatus } = useSignUpStatus();
  return (
    <RedirectSignedIn>
      <AuthCard title="Login">
        {signUpStatus?.firstRun && <FirstRunNote />}
        <LoginForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
