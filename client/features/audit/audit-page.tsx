import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useEffect } from 'react';
import { auditTexts } from '../../../shared/messages.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../shared/format.ts';
import { auditActions, type AuditEntry } from '../../../shared/schemas/audit.ts';
import { DataTable, DateTimeText, type Column } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { PatientLink } from '../../components/patient-link.tsx';
import { PersonPicker } from '../../components/person-picker.tsx';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { auditKeys } from './api/keys.ts';
import { actionLabel, detailsText, entityLabel, roleLabel } from './audit-labels.ts';
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
  {
    key: 'at',
    cardTitle: true,
    header: 'When',
    sortKey: 'at',
    render: (row) => <DateTimeText value={row.at} />,
  },
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
  { key: 'details', header: 'Details', render: (row) => detailsText(row.details) },
];

/** The filters, each kept in the address: people by id, the time span as ISO instants. */
const filterNames = ['userId', 'patientId', 'action', 'entity', 'from', 'to'] as const;

const idOf = (text: string | undefined): number | null => {
  const id = Number(text);
  return text && Number.isInteger(id) && id > 0 ? id : null;
};

function AuditLog() {
  const list = usePagedList<AuditEntry>(
    auditKeys.log,
    '/api/audit',
    {},
    { inAddress: true, defaultSort: '-at', filters: filterNames },
  );
  const { filters, setFilter } = list;
  const failed = list.query.isError;
  useEffect(() => {
    if (failed) notify('error', auditTexts.errorFetchingAudit, { toastId: 'audit' });
  }, [failed]);
  const set = (name: 'action' | 'entity') => (event: { target: { value: string } }) =>
    setFilter(name, event.target.value);
  // The address holds instants, so a shared link means the same span in every time zone; the
  // fields show them in the reader's.
  const setInstant = (name: 'from' | 'to') => (event: { target: { value: string } }) =>
    setFilter(name, event.target.value ? fromDateTimeLocal(event.target.value) : '');
  const shownInstant = (name: 'from' | 'to') =>
    filters[name] ? toDateTimeLocal(filters[name]) : '';

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <CsvDownloadButton path="/api/audit" query={list.exportQuery} listName="Audit log" />
      </Box>
      <Box
        component="form"
        role="search"
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
          value={idOf(filters.userId)}
          onChange={(id) => setFilter('userId', id === null ? '' : String(id))}
        />
        <PersonPicker
          role="patient"
          includeDeleted
          label="Patient"
          name="patientId"
          value={idOf(filters.patientId)}
          onChange={(id) => setFilter('patientId', id === null ? '' : String(id))}
        />
        <TextField select label="Action" value={filters.action ?? ''} onChange={set('action')}>
          <MenuItem value="">Any</MenuItem>
          {auditActions.map((action) => (
            <MenuItem key={action} value={action}>
              {actionLabel(action)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Record" value={filters.entity ?? ''} onChange={set('entity')}>
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
          name="from"
          value={shownInstant('from')}
          onChange={setInstant('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="datetime-local"
          name="to"
          value={shownInstant('to')}
          onChange={setInstant('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {list.filtered && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={list.clearFilters}>Clear filters</Button>
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
          list.filtered
            ? 'No audit entries match these filters. Clear the filters to see every entry.'
            : auditTexts.noAuditEntries
        }
        sort={list.sort}
        paging={list.paging}
      />
    </>
  );
}

/**
 * The admin's audit log: who did what to which record, when and from where (the router shows
 * anyone else its refusal instead).
 */
export default function AuditPage() {
  return (
    <>
      <PageHeader title={auditTexts.auditTitle} />
      <AuditLog />
    </>
  );
}
