import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { auditTexts } from '../../../shared/messages.ts';
import { fromDateTimeLocal } from '../../../shared/format.ts';
import { auditActions, type AuditEntry } from '../../../shared/schemas/audit.ts';
import { DataTable, DateTimeText, type Column } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PatientLink } from '../../components/patient-link.tsx';
import { PersonPicker } from '../../components/person-picker.tsx';
import { useSession } from '../../lib/auth.tsx';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { auditKeys } from './api/keys.ts';
import { actionLabel, entityLabel, roleLabel } from './audit-labels.ts';
import { notify } from '../../lib/notify.ts';

const entities = [
  'patient',
  'care-team',
  'care-team-member',
  'patient-account',
  'appointment',
  'medical-record',
  'progress-report',
  'prescription',
  'medication',
  'access-log',
  'patient-directory',
  'user',
  'session',
  'audit-log',
];

const columns: Column<AuditEntry>[] = [
  { key: 'at', header: 'When', render: (row) => <DateTimeText value={row.at} /> },
  {
    key: 'user',
    header: 'User',
    render: (row) =>
      row.userId === null ? '' : `${row.userName ?? row.username ?? ''} (ID ${row.userId})`,
  },
  { key: 'role', header: 'Role', render: (row) => roleLabel(row.role) },
  { key: 'action', header: 'Action', render: (row) => actionLabel(row.action) },
  { key: 'entity', header: 'Record', render: (row) => entityLabel(row.entity) },
  { key: 'entityId', header: 'Record ID', render: (row) => row.entityId ?? '' },
  {
    key: 'patientId',
    header: 'Patient ID',
    render: (row) =>
      row.patientId === null ? (
        ''
      ) : (
        <PatientLink patientId={row.patientId}>{row.patientId}</PatientLink>
      ),
  },
  { key: 'outcome', header: 'Outcome', render: (row) => row.outcome },
  { key: 'ip', header: 'Address', render: (row) => row.ip ?? '' },
];

interface Filters {
  userId: number | null;
  patientId: number | null;
  action: string;
  entity: string;
  from: string;
  to: string;
}
const noFilters: Filters = {
  userId: null,
  patientId: null,
  action: '',
  entity: '',
  from: '',
  to: '',
};

function AuditLog() {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const list = usePagedList<AuditEntry>(auditKeys.log, '/api/audit', {
    userId: filters.userId ?? undefined,
    patientId: filters.patientId ?? undefined,
    action: filters.action || undefined,
    entity: filters.entity || undefined,
    from: filters.from ? fromDateTimeLocal(filters.from) || undefined : undefined,
    to: filters.to ? fromDateTimeLocal(filters.to) || undefined : undefined,
  });
  const failed = list.query.isError;
  const filtered = (Object.keys(noFilters) as (keyof Filters)[]).some(
    (name) => filters[name] !== noFilters[name],
  );
  useEffect(() => {
    if (failed) notify('error', auditTexts.errorFetchingAudit, { toastId: 'audit' });
  }, [failed]);
  const choose = <K extends keyof Filters>(name: K, value: Filters[K]) => {
    list.paging.onPageChange(0);
    setFilters((current) => ({ ...current, [name]: value }));
  };
  const set =
    (name: 'action' | 'entity' | 'from' | 'to') => (event: { target: { value: string } }) =>
      choose(name, event.target.value);

  return (
    <>
      <Box
        component="form"
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
        sx={{
          display: 'grid',
          gap: 2,
          // Six in a row only when the date-and-time fields have room to show their value.
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            xl: 'repeat(6, minmax(0, 1fr))',
          },
        }}
      >
        <PersonPicker
          role="account"
          label="User"
          name="userId"
          value={filters.userId}
          onChange={(id) => choose('userId', id)}
        />
        <PersonPicker
          role="patient"
          label="Patient"
          name="patientId"
          value={filters.patientId}
          onChange={(id) => choose('patientId', id)}
        />
        <TextField select label="Action" value={filters.action} onChange={set('action')}>
          <MenuItem value="">Any</MenuItem>
          {auditActions.map((action) => (
            <MenuItem key={action} value={action}>
              {actionLabel(action)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Record" value={filters.entity} onChange={set('entity')}>
          <MenuItem value="">Any</MenuItem>
          {entities.map((entity) => (
            <MenuItem key={entity} value={entity}>
              {entityLabel(entity)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="From"
          type="datetime-local"
          value={filters.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="datetime-local"
          value={filters.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {filtered && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              list.paging.onPageChange(0);
              setFilters(noFilters);
            }}
          >
            Clear filters
          </Button>
        </Box>
      )}
      <DataTable
        label={auditTexts.auditTitle}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        isLoading={list.query.isLoading}
        error={failed ? auditTexts.errorFetchingAudit : null}
        onRetry={() => void list.query.refetch()}
        emptyText={
          filtered
            ? 'No audit entries match these filters. Clear the filters to see every entry.'
            : auditTexts.noAuditEntries
        }
        paging={list.paging}
      />
    </>
  );
}

/** The admin's audit log: who did what to which record, when and from where. */
export default function AuditPage() {
  const { can } = useSession();
  return (
    <>
      <PageHeader title={auditTexts.auditTitle} />
      {can('audit:read') ? <AuditLog /> : <EmptyState text={auditTexts.adminOnly} />}
    </>
  );
}
