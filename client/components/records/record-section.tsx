import { Box, Button, TextField, Typography } from '@mui/material';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ClinicalRecordType } from '../../../shared/record-types.ts';
import { recordKey } from '../../lib/query-keys.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { DataTable, type Column } from '../data-table.tsx';
import { ListFilters, type ListFilterField } from '../list-filters.tsx';
import { PageHeader } from '../page-header.tsx';
import { CsvDownloadButton } from '../csv-download-button.tsx';
import { DeleteAction, EditAction, RowActions } from '../row-actions.tsx';
import { useDeleteRecord } from './api/delete-record.ts';
import { notify } from '../../lib/notify.ts';

export interface RecordFormDialogComponentProps<T> {
  open: boolean;
  /** The record being edited; null when adding. */
  record: T | null;
  onClose(): void;
}

interface RecordSectionProps<T extends { id: number }> {
  /** The page's h1 (a screen with one table) or a section's h2 (a screen with two). */
  title: string;
  heading: 'page' | 'section';
  /** The record type listed: its API path and query key come from the registry. */
  type: ClinicalRecordType;
  /** The list call for this user, or null when there is nothing to load (no linked patient). */
  listPath: string | null;
  columns: Column<T>[];
  emptyText: string;
  fetchError: string;
  /** The add button's label, when the user may add. */
  addLabel?: string;
  /** Whether the user may change some rows: the Actions column is shown then. */
  hasActions: boolean;
  canEdit(row: T): boolean;
  canDelete(row: T): boolean;
  /** Names a row for screen readers: "Edit <describe(row)>". */
  describe(row: T): string;
  remove: {
    title: string;
    message: string;
    success: string;
    error: string;
  };
  FormDialog: ComponentType<RecordFormDialogComponentProps<T>>;
  /** Shown between the heading and the table (a note for a patient without a record). */
  intro?: ReactNode;
  /** Leaves the space below to the page: a section in a grid whose gap already spaces it. */
  flush?: boolean;
  /** The filters above the table (people by name, a range of days); none when absent. */
  filters?: readonly ListFilterField[];
  /** The order shown when none is asked for ('-date': newest first, the server's default). */
  defaultSort?: string;
}

/**
 * One clinical table with everything around it: heading, add button, server paging and search,
 * loading / empty / error states, Edit and Delete per row (delete always asks first), and the
 * seed's notices.
 */
export function RecordSection<T extends { id: number }>(props: RecordSectionProps<T>) {
  // Another type or another list is another table, started afresh: the rows a table keeps while
  // its next page loads never show in another type's columns, nor on another patient's page.
  return <RecordTable<T> key={`${props.type} ${props.listPath ?? ''}`} {...props} />;
}

function RecordTable<T extends { id: number }>(props: RecordSectionProps<T>) {
  const { listPath, canEdit, canDelete } = props;
  // The path is part of the key: one patient's readings must never show on another's page.
  const list = usePagedList<T>(
    [...recordKey(props.type), listPath],
    listPath ?? '',
    {},
    {
      enabled: listPath !== null,
      // A screen's one table keeps its search, order and filters in the address; a section
      // among others (a chart's) keeps them to itself.
      inAddress: props.heading === 'page',
      defaultSort: props.defaultSort,
      filters: props.filters?.map((field) => field.name),
    },
  );
  const [dialog, setDialog] = useState<{ open: boolean; record: T | null }>({
    open: false,
    record: null,
  });
  const [toDelete, setToDelete] = useState<T | null>(null);
  const remove = useDeleteRecord(props.type);

  const failed = list.query.isError;
  useEffect(() => {
    if (failed) notify('error', props.fetchError, { toastId: `fetch-${props.title}` });
  }, [failed, props.fetchError, props.title]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify('success', props.remove.success);
    } catch {
      notify('error', props.remove.error);
    }
    setToDelete(null);
  };

  const rows = listPath === null ? [] : list.rows;
  const columns: Column<T>[] = [...props.columns];
  if (props.hasActions) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      pinned: true,
      render: (row) => (
        <RowActions>
          {canEdit(row) && (
            <EditAction
              name={props.describe(row)}
              onClick={() => setDialog({ open: true, record: row })}
            />
          )}
          {canDelete(row) && (
            <DeleteAction name={props.describe(row)} onClick={() => setToDelete(row)} />
          )}
        </RowActions>
      ),
    });
  }

  const addButton = props.addLabel ? (
    <Button variant="contained" onClick={() => setDialog({ open: true, record: null })}>
      {props.addLabel}
    </Button>
  ) : undefined;
  // Every record list downloads as CSV with what it shows: its filters, order and search.
  const actions = (
    <>
      {listPath !== null && (
        <CsvDownloadButton path={listPath} query={list.exportQuery} listName={props.title} />
      )}
      {addButton}
    </>
  );

  return (
    <Box component="section" aria-label={props.title} sx={{ mb: props.flush ? 0 : 4 }}>
      {props.heading === 'page' ? (
        <PageHeader title={props.title} actions={actions} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            {props.title}
          </Typography>
          {actions}
        </Box>
      )}
      {props.intro}
      {listPath !== null && props.filters && props.filters.length > 0 && (
        <ListFilters
          label={`Filter ${props.title.toLowerCase()}`}
          fields={props.filters}
          list={list}
        />
      )}
      {listPath !== null && (
        <TextField
          label={`Search ${props.title.toLowerCase()}`}
          type="search"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          sx={{ maxWidth: 420 }}
        />
      )}
      <DataTable
        label={props.title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isLoading={listPath !== null && list.query.isLoading}
        error={failed ? props.fetchError : null}
        onRetry={() => void list.query.refetch()}
        emptyText={
          list.filtered
            ? `No ${props.title.toLowerCase()} match these filters. Clear the filters to see every record.`
            : props.emptyText
        }
        sort={list.sort}
        paging={listPath === null ? undefined : list.paging}
      />
      <props.FormDialog
        open={dialog.open}
        record={dialog.record}
        onClose={() => setDialog({ open: false, record: null })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={props.remove.title}
        message={toDelete ? `${props.describe(toDelete)}: ${props.remove.message}` : ''}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}
