import { Box, Button, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format.ts';
import { invitationTexts as texts } from '../../../../shared/messages.ts';
import type { Invitation, InvitationStatus } from '../../../../shared/schemas/invitations.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CsvDownloadButton } from '../../../components/csv-download-button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useInvitations, useRevokeInvitation } from '../api/invitations.ts';

const buttonSize = { px: 1.5, py: 0.75, minHeight: 44 } as const;

const statusLabel: Record<InvitationStatus, string> = {
  pending: texts.statusPending,
  accepted: texts.statusAccepted,
  expired: texts.statusExpired,
  revoked: texts.statusRevoked,
};
const statusColor = {
  pending: 'primary',
  accepted: 'success',
  expired: 'default',
  revoked: 'default',
} as const;

const nameOf = (row: Invitation) =>
  [row.firstName, row.secondName].filter(Boolean).join(' ') || row.email || texts.unnamed;

/** The admin's invitations with their status; a pending one can be revoked (asked first). */
export function InvitationsSection() {
  const list = useInvitations();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const columns: Column<Invitation>[] = [
    { key: 'name', cardTitle: true, header: texts.name, render: nameOf, minWidth: 140 },
    {
      key: 'role',
      header: texts.role,
      render: (row) =>
        `${row.role} (${row.privileges})${row.patientName ? ` · ${row.patientName}` : ''}`,
    },
    {
      key: 'status',
      header: texts.status,
      render: (row) => (
        <Chip size="small" label={statusLabel[row.status]} color={statusColor[row.status]} />
      ),
    },
    { key: 'by', header: texts.invitedBy, render: (row) => row.invitedBy ?? '' },
    {
      key: 'sent',
      header: texts.invitedAt,
      render: (row) => formatDateTime(row.createdAt),
      nowrap: true,
    },
    {
      key: 'expires',
      header: texts.expires,
      render: (row) => formatDateTime(row.expiresAt),
      nowrap: true,
    },
    {
      key: 'actions',
      header: 'Actions',
      pinned: true,
      nowrap: true,
      render: (row) =>
        row.status === 'pending' ? (
          <Button
            size="small"
            variant="outlined"
            color="error"
            sx={buttonSize}
            aria-label={`${texts.revoke} ${nameOf(row)}`}
            onClick={() => setRevoking(row)}
          >
            {texts.revoke}
          </Button>
        ) : null,
    },
  ];

  return (
    <Box component="section" aria-labelledby="invitations-title" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id="invitations-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {texts.listTitle}
        </Typography>
        <CsvDownloadButton path="/api/invitations" listName={texts.listTitle} />
      </Box>
      <DataTable
        label={texts.listTitle}
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.id}
        isLoading={list.isLoading}
        error={list.isError ? texts.errorFetching : null}
        onRetry={() => void list.refetch()}
        emptyText={texts.listEmpty}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={texts.revokeTitle}
        message={revoking ? texts.revokeConfirm(nameOf(revoking)) : ''}
        confirmLabel={texts.revoke}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => notify('success', texts.revoked),
            onError: (error) =>
              notify(
                'error',
                error instanceof ApiError && error.message ? error.message : texts.errorRevoking,
              ),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </Box>
  );
}
