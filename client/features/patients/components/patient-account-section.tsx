import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { patientTexts, validation } from '../../../../shared/messages.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import type { Patient } from '../../../../shared/schemas/patients.ts';
import { ApiError } from '../../../lib/api.ts';
import { useLinkPatientAccount } from '../api/link-patient-account.ts';
import { notify } from '../../../lib/notify.ts';

/** Which user account is the patient's own, and (for care team managers) linking it. */
export function PatientAccountSection({
  patient,
  canManage,
}: {
  patient: Patient;
  canManage: boolean;
}) {
  const link = useLinkPatientAccount(patient.id);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();

  const save = async (value: string | null) => {
    if (value !== null && !value.trim()) {
      setError(validation.usernameRequired);
      return;
    }
    try {
      await link.mutateAsync(value === null ? null : value.trim());
      notify('success', value === null ? patientTexts.accountUnlinked : patientTexts.accountLinked);
      setUsername('');
      setError(undefined);
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.errors?.username ?? failure.message) : undefined,
      );
      notify('error', patientTexts.errorLinkingAccount);
    }
  };

  return (
    <Paper component="section" aria-labelledby="account-title" sx={{ p: 3, borderRadius: 3 }}>
      <Typography id="account-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        Patient account
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {patient.accountUsername ? (
          <>
            Linked to <strong>{patient.accountUsername}</strong>
          </>
        ) : (
          patientTexts.notLinked
        )}
      </Typography>
      {canManage && (
        <Box
          component="form"
          aria-label="Link patient account"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save(username);
          }}
          sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            label="Account username"
            name="accountUsername"
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            sx={{ maxWidth: 360 }}
          />
          <SubmitButton busy={link.isPending} sx={{ mt: 0.5 }}>
            Link account
          </SubmitButton>
          {patient.accountUsername && (
            <Button
              variant="outlined"
              color="error"
              disabled={link.isPending}
              onClick={() => void save(null)}
              sx={{ mt: 0.5 }}
            >
              Unlink account
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
