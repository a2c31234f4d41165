import {
  Box,
  Button,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { patientTexts } from '../../../../shared/messages.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import type { CareTeamMember } from '../../../../shared/schemas/patients.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DateTimeText } from '../../../components/data-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { PersonPicker } from '../../../components/person-picker.tsx';
import { scrollRegionFocusSx, useScrollRegion } from '../../../components/scroll-region.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAddCareTeamMember } from '../api/add-care-team-member.ts';
import { useCareTeam } from '../api/get-care-team.ts';
import { useRemoveCareTeamMember } from '../api/remove-care-team-member.ts';
import { notify } from '../../../lib/notify.ts';
import { useReaderIsPatient } from '../../../lib/auth.tsx';

const roleLabel = (role: string) => (role === 'doctor' ? 'Doctor' : 'Caregiver');

/** The care team of one patient; doctors (editor and above) and supervisors manage it. */
export function CareTeamSection({
  patientId,
  canManage,
}: {
  patientId: number;
  canManage: boolean;
}) {
  const readerIsPatient = useReaderIsPatient();
  const team = useCareTeam(patientId);
  const add = useAddCareTeamMember(patientId);
  const remove = useRemoveCareTeamMember(patientId);
  const [role, setRole] = useState<'caregiver' | 'doctor'>('caregiver');
  const [userId, setUserId] = useState<number | null>(null);
  const [pickerError, setPickerError] = useState<string | undefined>();
  const [toRemove, setToRemove] = useState<CareTeamMember | null>(null);
  const region = useScrollRegion(patientTexts.careTeam);

  const onAdd = async () => {
    if (userId === null) {
      setPickerError(patientTexts.careTeamMemberInvalid);
      return;
    }
    try {
      await add.mutateAsync(userId);
      notify('success', patientTexts.careTeamAdded);
      setUserId(null);
      setPickerError(undefined);
    } catch (error) {
      setPickerError(
        error instanceof ApiError ? (error.errors?.userId ?? error.message) : undefined,
      );
      notify('error', patientTexts.errorUpdatingCareTeam);
    }
  };

  const onRemove = async () => {
    if (!toRemove) return;
    try {
      await remove.mutateAsync(toRemove.userId);
      notify('success', patientTexts.careTeamRemoved);
    } catch {
      notify('error', patientTexts.errorUpdatingCareTeam);
    }
    setToRemove(null);
  };

  const members = team.data?.items ?? [];
  return (
    <Paper component="section" aria-labelledby="care-team-title" sx={{ p: 3, borderRadius: 3 }}>
      <Typography id="care-team-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {patientTexts.careTeam}
      </Typography>
      {/* On a phone the table scrolls inside its section, not the whole page. */}
      <TableContainer {...region} sx={scrollRegionFocusSx}>
        <Table aria-label={patientTexts.careTeam}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Name</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Role</TableCell>
              {!readerIsPatient && <TableCell sx={{ fontWeight: 600 }}>Username</TableCell>}
              <TableCell sx={{ fontWeight: 600 }}>Added</TableCell>
              {canManage && <TableCell sx={{ fontWeight: 600 }}>Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((member) => (
              <TableRow key={member.userId}>
                <TableCell>{member.name}</TableCell>
                <TableCell>{roleLabel(member.role)}</TableCell>
                {/* A patient reads their care team by name only: a username is half a login. */}
                {!readerIsPatient && <TableCell>{member.username}</TableCell>}
                <TableCell>
                  <DateTimeText value={member.addedAt} />
                </TableCell>
                {canManage && (
                  <TableCell>
                    <Button
                      size="small"
                      color="error"
                      variant="outlined"
                      aria-label={`Remove ${member.name}`}
                      onClick={() => setToRemove(member)}
                    >
                      Remove
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {team.isLoading && <LoadingState />}
      {team.isError && (
        <ErrorState text={patientTexts.errorUpdatingCareTeam} onRetry={() => void team.refetch()} />
      )}
      {team.isSuccess && members.length === 0 && <EmptyState text={patientTexts.noCareTeam} />}

      {canManage && (
        <Box
          component="form"
          aria-label="Add to care team"
          onSubmit={(event) => {
            event.preventDefault();
            void onAdd();
          }}
          sx={{
            mt: 3,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '200px 1fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            select
            label="Role"
            value={role}
            onChange={(event) => {
              setRole(event.target.value as 'caregiver' | 'doctor');
              setUserId(null);
            }}
          >
            <MenuItem value="caregiver">Caregiver</MenuItem>
            <MenuItem value="doctor">Doctor</MenuItem>
          </TextField>
          <PersonPicker
            key={role}
            role={role}
            label={roleLabel(role)}
            name="careTeamMember"
            value={userId}
            onChange={(id) => {
              setUserId(id);
              setPickerError(undefined);
            }}
            error={pickerError}
          />
          <SubmitButton busy={add.isPending} sx={{ mt: 0.5 }}>
            Add to care team
          </SubmitButton>
        </Box>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title={patientTexts.removeMemberTitle}
        message={
          toRemove
            ? `${toRemove.name}: ${patientTexts.removeMemberMessage}`
            : patientTexts.removeMemberMessage
        }
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onCancel={() => setToRemove(null)}
      />
    </Paper>
  );
}
