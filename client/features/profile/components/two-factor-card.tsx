import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { twoFactorTexts } from '../../../../shared/messages.ts';
import type { TwoFactorSetup } from '../../../../shared/schemas/two-factor.ts';
import { ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useTwoFactorStatus } from '../api/get-two-factor.ts';
import { useNewRecoveryCodes } from '../api/new-recovery-codes.ts';
import { useStartTwoFactor } from '../api/start-two-factor.ts';

/** The key in groups of four, as authenticator apps show a key typed in by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** Step 1 of turning on: scan (or type the key), then confirm with a first code. */
function SetupForm({
  setup,
  onDone,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onDone(codes: string[]): void;
  onCancel(): void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (enable.isPending) return;
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError(twoFactorTexts.codeRequired);
      return;
    }
    try {
      const answer = await enable.mutateAsync(code);
      notify('success', twoFactorTexts.turnedOn);
      onDone(answer.recoveryCodes);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.errors?.code ?? failure.message)
          : twoFactorTexts.codeWrong,
      );
    }
  };

  return (
    <Box component="form" noValidate aria-label="Turn on two-factor sign-in" onSubmit={onSubmit}>
      <Typography sx={{ mb: 2 }}>{twoFactorTexts.scan}</Typography>
      <Box
        component="img"
        src={setup.qrDataUrl}
        alt={twoFactorTexts.qrAlt}
        width={200}
        height={200}
        sx={{ display: 'block', bgcolor: '#fff', p: 1, borderRadius: 1, mb: 2 }}
      />
      <Typography variant="body2" color="text.secondary">
        {twoFactorTexts.manualKey}
      </Typography>
      <Typography
        data-testid="two-factor-key"
        aria-label={`${twoFactorTexts.manualKey}: ${grouped(setup.secret)}`}
        sx={{ ...monospace, fontSize: '1.1rem', mb: 2, wordBreak: 'break-word' }}
      >
        {grouped(setup.secret)}
      </Typography>
      <TextField
        label={twoFactorTexts.codeLabel}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        sx={{ maxWidth: 260 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" aria-disabled={enable.isPending}>
          {twoFactorTexts.confirm}
        </Button>
        <Button onClick={onCancel}>{twoFactorTexts.cancel}</Button>
      </Stack>
    </Box>
  );
}

/** The recovery codes, shown once, with ways to keep them. */
function RecoveryCodesView({ codes, onSaved }: { codes: string[]; onSaved(): void }) {
  const text = `ElderCare recovery codes\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify('success', twoFactorTexts.copied);
    } catch {
      notify('error', 'Could not copy: select the codes and copy them instead.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'eldercare-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  // A window of its own holding only the codes (as text), so the printout is just the codes.
  const print = () => {
    const sheet = window.open('', '_blank', 'width=480,height=640');
    if (!sheet) {
      window.print();
      return;
    }
    sheet.document.title = 'ElderCare recovery codes';
    const pre = sheet.document.createElement('pre');
    pre.style.font = '16px monospace';
    pre.textContent = text;
    sheet.document.body.appendChild(pre);
    sheet.print();
  };
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {twoFactorTexts.saveCodes}
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          ...monospace,
          listStyle: 'none',
          p: 0,
          m: 0,
          mb: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, auto)' },
          gap: 1,
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {twoFactorTexts.copy}
        </Button>
        <Button variant="outlined" onClick={download}>
          {twoFactorTexts.download}
        </Button>
        <Button variant="outlined" onClick={print}>
          {twoFactorTexts.print}
        </Button>
        <Button variant="contained" onClick={onSaved}>
          {twoFactorTexts.saved}
        </Button>
      </Stack>
    </Box>
  );
}

/** Asks for the password before turning off or making new codes. */
function PasswordDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm(password: string): Promise<string | undefined>;
  onCancel(): void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setPassword('');
    setError(undefined);
    onCancel();
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError('Enter your password.');
      return;
    }
    const wrong = await onConfirm(password);
    setError(wrong);
    if (!wrong) setPassword('');
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="two-factor-password-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="two-factor-password-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <TextField
            label={twoFactorTexts.passwordLabel}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(error)}
            helperText={error}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{twoFactorTexts.cancel}</Button>
          <Button type="submit" variant="contained" color="error" aria-disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type Mode =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

/** The profile's "Two-factor sign-in" section: turn on, turn off, new recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useNewRecoveryCodes();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });

  const turnOn = async () => {
    try {
      setMode({ kind: 'setup', setup: await start.mutateAsync() });
    } catch (failure) {
      notify('error', errorText(failure, 'Could not start turning on two-factor sign-in.'));
    }
  };
  const withPassword =
    (run: (password: string) => Promise<void>) =>
    async (password: string): Promise<string | undefined> => {
      try {
        await run(password);
        return undefined;
      } catch (failure) {
        if (failure instanceof ApiError && failure.errors?.password) return failure.errors.password;
        notify('error', errorText(failure, 'Something went wrong. Try again.'));
        return undefined;
      }
    };

  let body;
  if (status.isLoading) body = <LoadingState />;
  else if (status.isError || !status.data)
    body = (
      <ErrorState text="Could not load two-factor sign-in." onRetry={() => void status.refetch()} />
    );
  else if (mode.kind === 'setup')
    body = (
      <SetupForm
        setup={mode.setup}
        onDone={(codes) => setMode({ kind: 'codes', codes })}
        onCancel={() => setMode({ kind: 'idle' })}
      />
    );
  else if (mode.kind === 'codes')
    body = <RecoveryCodesView codes={mode.codes} onSaved={() => setMode({ kind: 'idle' })} />;
  else if (status.data.enabled)
    body = (
      <>
        <Typography sx={{ mb: 1 }}>{twoFactorTexts.isOn}</Typography>
        <Typography sx={{ mb: 2 }} color="text.secondary">
          {twoFactorTexts.codesLeft(status.data.recoveryCodesLeft)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setMode({ kind: 'regenerate' })}>
            {twoFactorTexts.newCodes}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setMode({ kind: 'disable' })}>
            {twoFactorTexts.turnOff}
          </Button>
        </Stack>
      </>
    );
  else
    body = (
      <>
        <Typography sx={{ mb: 1 }}>{twoFactorTexts.isOff}</Typography>
        <Typography sx={{ mb: 2 }} color="text.secondary">
          {twoFactorTexts.intro}
        </Typography>
        <Button variant="contained" onClick={() => void turnOn()} aria-disabled={start.isPending}>
          {twoFactorTexts.turnOn}
        </Button>
      </>
    );

  return (
    <Card sx={{ maxWidth: 760, mt: 3 }}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {twoFactorTexts.title}
        </Typography>
        {body}
        <PasswordDialog
          open={mode.kind === 'disable'}
          title={twoFactorTexts.turnOff}
          text={twoFactorTexts.turnOffConfirm}
          confirmLabel={twoFactorTexts.turnOff}
          busy={disable.isPending}
          onCancel={() => setMode({ kind: 'idle' })}
          onConfirm={withPassword(async (password) => {
            await disable.mutateAsync(password);
            notify('success', twoFactorTexts.turnedOff);
            setMode({ kind: 'idle' });
          })}
        />
        <PasswordDialog
          open={mode.kind === 'regenerate'}
          title={twoFactorTexts.newCodes}
          text={twoFactorTexts.newCodesConfirm}
          confirmLabel={twoFactorTexts.newCodes}
          busy={regenerate.isPending}
          onCancel={() => setMode({ kind: 'idle' })}
          onConfirm={withPassword(async (password) => {
            const answer = await regenerate.mutateAsync(password);
            setMode({ kind: 'codes', codes: answer.recoveryCodes });
          })}
        />
      </CardContent>
    </Card>
  );
}
