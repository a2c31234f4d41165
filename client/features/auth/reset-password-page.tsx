import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Link, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { passwordResetTexts as texts } from '../../../shared/messages.ts';
import {
  passwordResetFormSchema,
  type PasswordResetFormInput,
  type ResetLinkCheck,
} from '../../../shared/schemas/password-reset.ts';
import { LoadingState } from '../../components/list-states.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { muiRegister } from '../../lib/mui-register.ts';
import { notify } from '../../lib/notify.ts';
import { AuthCard, authLinkSx } from './auth-card.tsx';

const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The link does not work (forged, used, revoked or expired alike): one message, one way on. */
function InvalidLink() {
  return (
    <Box>
      <Alert severity="error" sx={{ mb: 2 }}>
        {texts.linkInvalid}
      </Alert>
      <Typography sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to="/forgot-password" sx={authLinkSx}>
          {texts.askNewLink}
        </Link>
      </Typography>
    </Box>
  );
}

function ResetPasswordForm({ token, username }: { token: string; username: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetFormInput>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const field = muiRegister(register);

  const onSubmit = async (values: PasswordResetFormInput) => {
    try {
      await api('/api/users/password-reset/confirm', {
        method: 'POST',
        body: { token, password: values.password },
      });
    } catch (error) {
      if (!showServerFieldErrors(error, ['password'], setError, { focus: true })) {
        notify(
          'error',
          error instanceof ApiError && error.message ? error.message : texts.errorResetting,
        );
      }
      return;
    }
    notify('success', texts.passwordReset);
    await navigate('/login', { replace: true });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={texts.resetTitle}
    >
      <Typography sx={{ mb: 2 }}>{texts.resetFor(username)}</Typography>
      {/* Password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
      <TextField
        label={texts.newPassword}
        type="password"
        required
        autoComplete="new-password"
        autoFocus
        {...field('password')}
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? texts.passwordHint}
      />
      <TextField
        label={texts.confirmPassword}
        type="password"
        required
        autoComplete="new-password"
        {...field('confirmPassword')}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {texts.sessionsEnd}
      </Typography>
      <SubmitButton fullWidth size="large" busy={isSubmitting}>
        {texts.savePassword}
      </SubmitButton>
    </Box>
  );
}

/** /reset-password?token=…: checks the link first, then asks for the new password twice. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Public screens have no query cache (the login screen stays small): one plain request.
  const [check, setCheck] = useState<{ token: string; result: ResetLinkCheck | null } | null>(null);
  useEffect(() => {
    if (!isTokenShaped(token)) return;
    let current = true;
    api<ResetLinkCheck>(`/api/users/password-reset/${encodeURIComponent(token)}`)
      .catch(() => null)
      .then((result) => {
        if (current) setCheck({ token, result });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [token]);
  const checked = check?.token === token ? check : null;
  let content;
  if (!isTokenShaped(token) || (checked && !checked.result)) content = <InvalidLink />;
  else if (!checked?.result) content = <LoadingState label={texts.checkingLink} />;
  else content = <ResetPasswordForm token={token} username={checked.result.username} />;
  return <AuthCard title={texts.resetTitle}>{content}</AuthCard>;
}
