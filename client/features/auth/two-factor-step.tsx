import {
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  Typography,
} from '@mui/material';
import { useId, useRef, useState, type FormEvent } from 'react';
import { twoFactorTexts } from '../../../shared/messages.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';

/** The answer of a finished login (password, or password and code). */
export interface SignedInAnswer {
  role: string;
  message: string;
  token: string;
  twoFactorSetupRequired?: true;
}

interface TwoFactorStepProps {
  challenge: string;
  /** Back to the password form (the challenge is dropped). */
  onBack(): void;
  onSignedIn(answer: SignedInAnswer): Promise<void>;
}

/** The shape check of the server's loginCodeSchema, written out for the login screen. */
function checkCode(code: string, recovery: boolean): string | undefined {
  const value = code.replace(/\s+/g, '').toLowerCase();
  if (!value) return recovery ? twoFactorTexts.codeFormat : twoFactorTexts.codeRequired;
  if (recovery)
    return /^[a-z0-9]{4}-?[a-z0-9]{4}$/.test(value) ? undefined : twoFactorTexts.codeFormat;
  return /^\d{6}$/.test(value) ? undefined : twoFactorTexts.codeRequired;
}

/**
 * The second step of a login with two-factor on: a 6-digit code from the authenticator app, or
 * one of the recovery codes. Shown on the login screen in place of the password form.
 */
export function TwoFactorStep({ challenge, onBack, onSignedIn }: TwoFactorStepProps) {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);

  const switchMode = () => {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
    input.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const wrong = checkCode(code, recovery);
    setError(wrong);
    if (wrong) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    let answer: SignedInAnswer;
    try {
      answer = await api<SignedInAnswer>('/api/users/login/two-factor', {
        method: 'POST',
        body: { challenge, code },
      });
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.message ? failure.message : twoFactorTexts.codeWrong;
      if (failure instanceof ApiError && failure.message === twoFactorTexts.challengeInvalid) {
        notify('error', message);
        onBack();
        return;
      }
      setError(
        failure instanceof ApiError && failure.status === 429 ? message : twoFactorTexts.codeWrong,
      );
      setCode('');
      input.current?.focus();
      setBusy(false);
      return;
    }
    await onSignedIn(answer);
  };

  const label = recovery ? twoFactorTexts.recoveryCodeLabel : twoFactorTexts.codeLabel;
  const helperId = `${id}-helper-text`;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={twoFactorTexts.title}
    >
      <Typography sx={{ mb: 2 }} id={`${id}-intro`}>
        {recovery ? twoFactorTexts.enterRecoveryCode : twoFactorTexts.enterCode}
      </Typography>
      <FormControl
        className="MuiTextField-root"
        variant="outlined"
        fullWidth
        required
        error={Boolean(error)}
      >
        <InputLabel htmlFor={id}>{label}</InputLabel>
        <OutlinedInput
          key={recovery ? 'recovery' : 'app'}
          id={id}
          name="code"
          label={label}
          value={code}
          autoFocus
          inputRef={input}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={error ? helperId : `${id}-intro`}
          inputProps={
            recovery
              ? { spellCheck: false, autoCapitalize: 'none', maxLength: 20 }
              : { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 }
          }
        />
        {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
      </FormControl>
      <SubmitButton fullWidth size="large" busy={busy} sx={{ mt: 2 }}>
        {twoFactorTexts.verify}
      </SubmitButton>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', mt: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Button onClick={onBack}>{twoFactorTexts.back}</Button>
        <Button onClick={switchMode}>
          {recovery ? twoFactorTexts.useAppCode : twoFactorTexts.useRecoveryCode}
        </Button>
      </Box>
    </Box>
  );
}
