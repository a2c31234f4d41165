import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format.ts';
import { invitationTexts as texts } from '../../../../shared/messages.ts';
import { privileges, roles, type Privilege, type Role } from '../../../../shared/permissions.ts';
import { PersonPicker } from '../../../components/person-picker.tsx';
import { useFullScreenDialog } from '../../../components/dialog.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { invitationLinkAddress, useCreateInvitation } from '../api/invitations.ts';

const buttonSize = { px: 1.5, py: 0.75, minHeight: 44 } as const;
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The form (role, privileges, name, email, a patient record for a patient), then the link. */
function InviteDialog({ onClose }: { onClose(): void }) {
  const fullScreen = useFullScreenDialog();
  const create = useCreateInvitation();
  const [role, setRole] = useState<Role>('caregiver');
  const [privilege, setPrivilege] = useState<Privilege>('editor');
  const [firstName, setFirstName] = useState('');
  const [secondName, setSecondName] = useState('');
  const [email, setEmail] = useState('');
  const [patientId, setPatientId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const link = create.data ? invitationLinkAddress(create.data.token) : null;

  const submit = () => {
    setErrors({});
    create.mutate(
      {
        role,
        privileges: privilege,
        firstName,
        secondName,
        email,
        patientId: role === 'patient' ? patientId : null,
      },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.errors) setErrors(error.errors);
          notify(
            'error',
            error instanceof ApiError && error.message ? error.message : texts.errorCreating,
          );
        },
      },
    );
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      notify('success', texts.copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      notify('info', texts.copyFailed);
      document.getElementById('invitation-link-field')?.focus();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="invite-title"
    >
      <DialogTitle id="invite-title">{texts.inviteTitle}</DialogTitle>
      <DialogContent>
        {!create.data ? (
          <Grid container columnSpacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                label={texts.role}
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
                error={Boolean(errors.role)}
                helperText={errors.role}
              >
                {roles.map((r) => (
                  <MenuItem key={r} value={r}>
                    {capitalize(r)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                label={texts.privileges}
                value={privilege}
                onChange={(event) => setPrivilege(event.target.value as Privilege)}
                error={Boolean(errors.privileges)}
                helperText={errors.privileges}
              >
                {privileges.map((p) => (
                  <MenuItem key={p} value={p}>
                    {capitalize(p)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={texts.firstName}
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
                error={Boolean(errors.firstName)}
                helperText={errors.firstName}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={texts.secondName}
                value={secondName}
                onChange={(event) => setSecondName(event.target.value)}
                error={Boolean(errors.secondName)}
                helperText={errors.secondName}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <TextField
                label={texts.email}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={Boolean(errors.email)}
                helperText={errors.email ?? texts.emailHint}
              />
            </Grid>
            {role === 'patient' && (
              <Grid size={{ xs: 12 }}>
                <PersonPicker
                  role="patient"
                  label={texts.patient}
                  value={patientId}
                  onChange={setPatientId}
                  error={errors.patientId}
                />
              </Grid>
            )}
          </Grid>
        ) : (
          <>
            <TextField
              id="invitation-link-field"
              label={texts.link}
              value={link}
              fullWidth
              multiline
              slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
              onFocus={(event) => event.target.select()}
              sx={{ mt: 1 }}
            />
            <DialogContentText>
              {texts.expiresOn(formatDateTime(create.data.expiresAt))}.{' '}
              {create.data.emailed ? texts.emailed : texts.copyAndSend}
            </DialogContentText>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={buttonSize}>
          {create.data ? texts.close : texts.cancel}
        </Button>
        {create.data ? (
          <Button variant="contained" sx={buttonSize} onClick={() => void copy()}>
            {texts.copy}
          </Button>
        ) : (
          <Button variant="contained" sx={buttonSize} disabled={create.isPending} onClick={submit}>
            {texts.create}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The Users screen's "Invite" button and its dialog. */
export function InviteAction() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" sx={buttonSize} onClick={() => setOpen(true)}>
        {texts.invite}
      </Button>
      {open && <InviteDialog onClose={() => setOpen(false)} />}
    </>
  );
}
