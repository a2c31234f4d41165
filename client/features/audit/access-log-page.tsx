import { Typography } from '@mui/material';
import { useEffect } from 'react';
import { auditTexts } from '../../../shared/messages.ts';
import type { AccessLogEntry } from '../../../shared/schemas/audit.ts';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { DataTable, DateTimeText, type Column } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/auth.tsx';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { auditKeys } from './api/keys.ts';
import { actionLabel, entityLabel, roleLabel } from './audit-labels.ts';
import { notify } from '../../lib/notify.ts';

const columns: Column<AccessLogEntry>[] = [
  { key: 'at', cardTitle: true, header: 'When', render: (row) => <DateTimeText value={row.at} /> },
  { key: 'who', header: 'Who', render: (row) => row.userName ?? '' },
  { key: 'role', header: 'Role', render: (row) => roleLabel(row.role) },
  { key: 'action', header: 'What', render: (row) => actionLabel(row.action) },
  { key: 'entity', header: 'Record', render: (row) => entityLabel(row.entity) },
];

/** "Who viewed my record": a patient's own record's access log. */
export default function AccessLogPage() {
  const { user } = useSession();
  const patientId = user?.patientId ?? null;
  const list = usePagedList<AccessLogEntry>(
    auditKeys.accessLog(patientId),
    `/api/patients/${patientId}/access-log`,
    {},
    { enabled: patientId !== null },
  );
  const failed = list.query.isError;
  useEffect(() => {
    if (failed) notify('error', auditTexts.errorFetchingAccessLog, { toastId: 'access-log' });
  }, [failed]);

  return (
    <>
      <PageHeader
        title={auditTexts.accessLogTitle}
        actions={
          patientId !== null && (
            <CsvDownloadButton
              path={`/api/patients/${patientId}/access-log`}
              listName={auditTexts.accessLogTitle}
            />
          )
        }
      />
      {patientId === null ? (
        <EmptyState text={auditTexts.notLinked} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Everyone who opened, listed or changed your record, newest first.
          </Typography>
          <DataTable
            label={auditTexts.accessLogTitle}
            columns={columns}
            rows={list.rows}
            rowKey={(row) => `${row.at}-${row.action}-${row.entity}-${row.userName ?? ''}`}
            isLoading={list.query.isLoading}
            error={failed ? auditTexts.errorFetchingAccessLog : null}
            onRetry={() => void list.query.refetch()}
            emptyText={auditTexts.noAccess}
            paging={list.paging}
          />
        </>
      )}
    </>
  );
}
