import { Alert, Box, Link, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { passwordResetTexts as texts } from '../../../shared/messages.ts';
import { RedirectSignedIn } from '../../app/guards.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { AuthCard, authLinkSx } from './auth-card.tsx';
import { AuthTextField } from './auth-text-field.tsx';

/**
 * Asks for a reset link by username or email. The answer is the same whatever was typed (the
 * server's 202), so the screen says the same too, and where to turn if no email comes.
 */
function ForgotPasswordForm() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (value.trim().length === 0) {
      setError(texts.usernameOrEmailRequired);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await api('/api/users/password-reset', {
        method: 'POST',
        body: { usernameOrEmail: value.trim() },
      });
      setSent(true);
    } catch (failure) {
      notify(
        'error',
        failure instanceof ApiError && failure.message ? failure.message : texts.errorResetting,
      );
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <Box>
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {texts.requestAccepted}
        </Alert>
        <Typography sx={{ mb: 2 }}>{texts.noEmailHint}</Typography>
        <Typography sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" sx={authLinkSx}>
            {texts.backToLogin}
          </Link>
        </Typography>
      </Box>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={texts.forgotTitle}
    >
      <Typography sx={{ mb: 2 }}>{texts.forgotIntro}</Typography>
      <AuthTextField
        label={texts.usernameOrEmail}
        name="usernameOrEmail"
        required
        autoComplete="username"
        autoFocus
        value={value}
        inputRef={input}
        onChange={(event) => {
          setValue(event.target.value);
          if (error && event.target.value.trim()) setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <SubmitButton fullWidth size="large" busy={isSubmitting}>
        {texts.sendLink}
      </SubmitButton>
      <Typography sx={{ mt: 2 }} variant="body2" color="text.secondary">
        {texts.noEmailHint}
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login" sx={authLinkSx}>
          {texts.backToLogin}
        </Link>
      </Typography>
    </Box>
  );
}

export default function ForgotPasswordPage() {
  return (
    <RedirectSignedIn>
      <AuthCard title={texts.forgotTitle}>
        <ForgotPasswordForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
