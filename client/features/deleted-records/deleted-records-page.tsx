import { Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import { deletedRecordTexts } from '../../../shared/messages.ts';
import { recordType, recordTypeNames } from '../../../shared/record-types.ts';
import type { DeletedRecord, DeletedRecordType } from '../../../shared/schemas/deleted-records.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { IdWithName } from '../../components/id-with-name.tsx';
import { ListFilters, type ListFilterField } from '../../components/list-filters.tsx';
import { deletedRecordKeys } from './api/keys.ts';
import { useRestoreRecord } from './api/restore-record.ts';
import { notify } from '../../lib/notify.ts';

const texts = deletedRecordTexts;
const typeLabel = (type: DeletedRecordType) => recordType(type).labels.one;

/** A calendar date (prescription) is never shifted by zone; an instant shows in the viewer's. */
const showDate = (value: string | null) =>
  value === null
    ? ''
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? formatDate(value)
      : formatDateTime(value);

const describe = (row: DeletedRecord) =>
  `${typeLabel(row.type).toLowerCase()} ${row.id} of ${row.patientName}`;

/** The filters, each kept in the address with the order. */
const filterFields: ListFilterField[] = [
  {
    kind: 'select',
    name: 'type',
    label: texts.typeLabel,
    anyLabel: texts.allTypes,
    options: recordTypeNames.map((value) => ({ value, label: typeLabel(value) })),
  },
  { kind: 'person', name: 'patientId', role: 'patient', label: 'Patient', includeDeleted: true },
  { kind: 'date', name: 'from', label: 'Deleted from' },
  { kind: 'date', name: 'to', label: 'Deleted until' },
];

function DeletedRecordsList() {
  const list = usePagedList<DeletedRecord>(
    deletedRecordKeys.list,
    '/api/deleted-records',
    {},
    {
      inAddress: true,
      defaultSort: '-deletedAt',
      filters: filterFields.map((field) => field.name),
    },
  );
  const restore = useRestoreRecord();
  const [toRestore, setToRestore] = useState<DeletedRecord | null>(null);

  const failed = list.query.isError;
  useEffect(() => {
    if (failed) notify('error', texts.errorFetching, { toastId: 'deleted-records' });
  }, [failed]);

  const confirmRestore = async () => {
    if (!toRestore) return;
    try {
      await restore.mutateAsync({ type: toRestore.type, id: toRestore.id });
      notify('success', texts.restored);
    } catch (error) {
      // A conflict explains itself (not deleted any more, or its patient is deleted).
      notify(
        'error',
        error instanceof ApiError && error.status === 409 ? error.message : texts.errorRestoring,
      );
    }
    setToRestore(null);
  };

  const columns: Column<DeletedRecord>[] = [
    { key: 'type', header: 'Type', sortKey: 'type', render: (row) => typeLabel(row.type) },
    { key: 'id', header: 'Record ID', render: (row) => row.id },
    {
      key: 'patientId',
      header: 'Patient ID',
      // A deleted patient has no chart to open until restored; a deleted record's patient does.
      render: (row) => (
        <IdWithName id={row.patientId} name={row.patientName} patient={row.type !== 'patient'} />
      ),
    },
    {
      key: 'recordDate',
      header: 'Date',
      sortKey: 'recordDate',
      render: (row) => showDate(row.recordDate),
    },
    { key: 'summary', cardTitle: true, header: 'Summary', render: (row) => row.summary },
    {
      key: 'deletedAt',
      header: 'Deleted',
      sortKey: 'deletedAt',
      render: (row) => formatDateTime(row.deletedAt),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <Button
          variant="outlined"
          aria-label={`${texts.restore} ${describe(row)}`}
          onClick={() => setToRestore(row)}
        >
          {texts.restore}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {texts.intro}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <CsvDownloadButton
          path="/api/deleted-records"
          query={list.exportQuery}
          listName={texts.title}
        />
      </Box>
      <ListFilters label="Filter the deleted records" fields={filterFields} list={list} />
      <DataTable
        label={texts.title}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => `${row.type}-${row.id}`}
        isLoading={list.query.isLoading}
        error={failed ? texts.errorFetching : null}
        onRetry={() => void list.query.refetch()}
        emptyText={
          list.filtered
            ? 'No deleted records match these filters. Clear the filters to see every one.'
            : texts.empty
        }
        sort={list.sort}
        paging={list.paging}
      />
      <ConfirmDialog
        open={toRestore !== null}
        title={texts.restoreTitle}
        message={
          toRestore
            ? `${typeLabel(toRestore.type)} ${toRestore.id} of ${toRestore.patientName} (${toRestore.summary}): ${texts.restoreMessage}`
            : ''
        }
        confirmLabel={texts.restore}
        confirmColor="primary"
        busy={restore.isPending}
        onConfirm={() => void confirmRestore()}
        onCancel={() => setToRestore(null)}
      />
    </>
  );
}

/**
 * The admin's Deleted Records: every soft-deleted record, restorable exactly as it was (the
 * router shows anyone else its refusal instead).
 */
export default function DeletedRecordsPage() {
  return (
    <>
      <PageHeader title={texts.title} />
      <DeletedRecordsList />
    </>
  );
}
