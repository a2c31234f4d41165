import GroupsIcon from '@mui/icons-material/Groups';
import { Box, Button, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { notices, patientTexts } from '../../../shared/messages.ts';
import { formatDate } from '../../../shared/format.ts';
import type { Patient } from '../../../shared/schemas/patients.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { chartPathOf, PatientLink } from '../../components/patient-link.tsx';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions.tsx';
import { useSession } from '../../lib/auth.tsx';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useDeletePatient } from './api/delete-patient.ts';
import { patientKeys } from './api/keys.ts';
import { PatientFormDialog } from './components/patient-form-dialog.tsx';
import { notify } from '../../lib/notify.ts';

const fullName = (p: Patient) => `${p.firstName} ${p.lastName}`;

/** The patient registry: the seed's table, server paging and search, doctor-only actions. */
export default function PatientsPage() {
  const { can } = useSession();
  const mayWrite = can('patients:write');
  const list = usePagedList<Patient>(
    patientKeys.all,
    '/api/patients',
    {},
    { inAddress: true, defaultSort: 'name' },
  );
  const [dialog, setDialog] = useState<{ open: boolean; patient: Patient | null }>({
    open: false,
    patient: null,
  });
  const [toDelete, setToDelete] = useState<Patient | null>(null);
  const remove = useDeletePatient();

  const failed = list.query.isError;
  useEffect(() => {
    if (failed) notify('error', notices.failedToFetchPatients, { toastId: 'patients-fetch' });
  }, [failed]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify('success', notices.patientDeleted);
    } catch {
      notify('error', notices.errorDeletingPatient);
    }
    setToDelete(null);
  };

  const columns: Column<Patient>[] = [
    {
      key: 'firstName',
      cardTitle: true,
      header: 'First Name',
      // The name opens the chart; padded so the link is a target of 44 px, not a line of text.
      render: (p) => (
        <Box
          component="span"
          sx={{ '& a': { display: 'inline-flex', alignItems: 'center', minHeight: 44 } }}
        >
          <PatientLink patientId={p.id}>{p.firstName}</PatientLink>
        </Box>
      ),
    },
    // Sorting by name is by last name, then first name.
    {
      key: 'lastName',
      cardTitle: true,
      header: 'Last Name',
      sortKey: 'name',
      render: (p) => p.lastName,
    },
    {
      key: 'dob',
      header: 'Date of Birth',
      sortKey: 'dateOfBirth',
      nowrap: true,
      render: (p) => formatDate(p.dob),
    },
    { key: 'gender', header: 'Gender', render: (p) => p.gender },
    { key: 'address', header: 'Address', minWidth: '9em', render: (p) => p.address },
    { key: 'phoneNumber', header: 'Phone Number', nowrap: true, render: (p) => p.phoneNumber },
    { key: 'emergencyContact', header: 'Emergency Contact', render: (p) => p.emergencyContact },
    {
      key: 'emergencyContactPhone',
      header: 'Emergency Contact Phone',
      nowrap: true,
      render: (p) => p.emergencyContactPhone,
    },
  ];
  if (mayWrite) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      pinned: true,
      render: (p) => (
        <RowActions>
          <EditAction name={fullName(p)} onClick={() => setDialog({ open: true, patient: p })} />
          <DeleteAction name={fullName(p)} onClick={() => setToDelete(p)} />
          <RowAction
            label={`${patientTexts.careTeam} of ${fullName(p)}`}
            tooltip={patientTexts.careTeam}
            icon={<GroupsIcon />}
            to={`${chartPathOf(p.id)}?tab=details`}
          />
        </RowActions>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Patients"
        actions={
          <>
            <CsvDownloadButton path="/api/patients" query={list.exportQuery} listName="Patients" />
            {mayWrite && (
              <Button variant="contained" onClick={() => setDialog({ open: true, patient: null })}>
                Add Patient
              </Button>
            )}
          </>
        }
      />
      <TextField
        label={patientTexts.searchLabel}
        type="search"
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
        sx={{ maxWidth: 420 }}
      />
      <DataTable
        label="Patients"
        columns={columns}
        rows={list.rows}
        rowKey={(p) => p.id}
        isLoading={list.query.isLoading}
        error={failed ? notices.failedToFetchPatients : null}
        onRetry={() => void list.query.refetch()}
        emptyText={patientTexts.noPatients}
        sort={list.sort}
        paging={list.paging}
      />
      <PatientFormDialog
        open={dialog.open}
        patient={dialog.patient}
        onClose={() => setDialog({ open: false, patient: null })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={patientTexts.deleteTitle}
        message={
          toDelete
            ? `${fullName(toDelete)}: ${patientTexts.deleteMessage}`
            : patientTexts.deleteMessage
        }
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
