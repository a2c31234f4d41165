import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { accountMessages, accountTexts } from '../../../shared/messages.ts';
import { privileges, roles, type Privilege, type Role } from '../../../shared/permissions.ts';
import type { AdminUser } from '../../../shared/schemas/users.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { useFullScreenDialog } from '../../components/dialog.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { userKeys } from './api/keys.ts';
import { useUpdateUser, type UserChange } from './api/update-user.ts';
import { EndSessionsAction } from './components/end-sessions-dialog.tsx';
import { InvitationsSection } from './components/invitations-section.tsx';
import { InviteAction } from './components/invite-dialog.tsx';
import { ResetLinkAction } from './components/reset-link-dialog.tsx';
import { TurnOffTwoFactorAction } from './components/turn-off-two-factor.tsx';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
// Compact enough for a table row, still a comfortable target (44 px high).
const actionButton = { px: 1.5, py: 0.75, minHeight: 44 } as const;

function EditUserDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const fullScreen = useFullScreenDialog();
  const update = useUpdateUser();
  const [role, setRole] = useState<string>(user.role);
  const [privilege, setPrivilege] = useState<Privilege>(user.privileges);
  const knownRole = (roles as readonly string[]).includes(role);
  const onSave = () => {
    const change: UserChange = {};
    if (role !== user.role && knownRole) change.role = role as Role;
    if (privilege !== user.privileges) change.privileges = privilege;
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: user.id, change, success: accountMessages.userUpdated },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="edit-user-title"
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
    >
      <DialogTitle id="edit-user-title">Edit User {user.username}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
          {!knownRole && (
            <MenuItem value={role} disabled>
              {role}
            </MenuItem>
          )}
          {roles.map((r) => (
            <MenuItem key={r} value={r}>
              {capitalize(r)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Privileges"
          value={privilege}
          onChange={(e) => setPrivilege(e.target.value as Privilege)}
        >
          {privileges.map((p) => (
            <MenuItem key={p} value={p}>
              {capitalize(p)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onSave} disabled={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function UsersTable() {
  const [roleFilter, setRoleFilter] = useState('');
  const [pendingOnly, setPendingOnly] = useState(false);
  // Without a sort: pending requests first, as the server orders them.
  const list = usePagedList<AdminUser>(
    userKeys.all,
    '/api/users',
    {
      role: roleFilter || undefined,
      requested: pendingOnly ? 'true' : undefined,
    },
    { inAddress: true },
  );
  const update = useUpdateUser();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [toggling, setToggling] = useState<AdminUser | null>(null);

  const columns: Column<AdminUser>[] = [
    { key: 'username', header: 'Username', sortKey: 'username', render: (u) => u.username },
    {
      key: 'name',
      cardTitle: true,
      header: 'Name',
      sortKey: 'name',
      render: (u) => `${u.firstName} ${u.secondName}`,
    },
    { key: 'email', header: 'Email', render: (u) => u.email },
    { key: 'role', header: 'Role', sortKey: 'role', render: (u) => capitalize(u.role) },
    { key: 'privileges', header: 'Privileges', render: (u) => capitalize(u.privileges) },
    {
      key: 'requested',
      header: 'Requested',
      render: (u) =>
        u.requestedPrivileges ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Chip color="warning" size="small" label={capitalize(u.requestedPrivileges)} />
            <Button
              size="small"
              variant="contained"
              color="success"
              sx={actionButton}
              aria-label={`Approve ${u.requestedPrivileges} for ${u.username}`}
              disabled={update.isPending}
              onClick={() =>
                update.mutate({
                  id: u.id,
                  change: { request: 'grant' },
                  success: accountTexts.requestGranted,
                })
              }
            >
              Approve
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              sx={actionButton}
              aria-label={`Refuse ${u.requestedPrivileges} for ${u.username}`}
              disabled={update.isPending}
              onClick={() =>
                update.mutate({
                  id: u.id,
                  change: { request: 'refuse' },
                  success: accountTexts.requestRefused,
                })
              }
            >
              Refuse
            </Button>
          </Box>
        ) : (
          '—'
        ),
    },
    {
      key: 'active',
      header: 'Active',
      render: (u) => (
        <Chip
          size="small"
          color={u.isActive ? 'success' : 'default'}
          label={u.isActive ? 'Active' : 'Inactive'}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      pinned: true,
      render: (u) => (
        <Box sx={{ display: 'flex', gap: 1, whiteSpace: 'nowrap' }}>
          <Button
            size="small"
            variant="outlined"
            sx={actionButton}
            aria-label={`Edit ${u.username}`}
            onClick={() => setEditing(u)}
          >
            Edit
          </Button>
          <Button
            size="small"
            variant="outlined"
            color={u.isActive ? 'error' : 'primary'}
            sx={actionButton}
            aria-label={`${u.isActive ? 'Deactivate' : 'Reactivate'} ${u.username}`}
            onClick={() => setToggling(u)}
          >
            {u.isActive ? 'Deactivate' : 'Reactivate'}
          </Button>
          <EndSessionsAction user={u} />
          {u.isActive && <ResetLinkAction user={u} />}
          <TurnOffTwoFactorAction user={u} />
        </Box>
      ),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          label="Search users"
          type="search"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          sx={{ maxWidth: 360 }}
        />
        <TextField
          select
          label="Role"
          value={roleFilter}
          onChange={(e) => {
            setRoleFilter(e.target.value);
            list.paging.onPageChange(0);
          }}
          sx={{ width: 200 }}
        >
          <MenuItem value="">All roles</MenuItem>
          {roles.map((r) => (
            <MenuItem key={r} value={r}>
              {capitalize(r)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          sx={{ mb: 2 }}
          control={
            <Switch
              checked={pendingOnly}
              onChange={(e) => {
                setPendingOnly(e.target.checked);
                list.paging.onPageChange(0);
              }}
            />
          }
          label="Pending requests only"
        />
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
          <CsvDownloadButton path="/api/users" query={list.exportQuery} listName="Users" />
        </Box>
      </Box>
      <DataTable
        label="Users"
        columns={columns}
        rows={list.rows}
        rowKey={(u) => u.id}
        isLoading={list.query.isLoading}
        error={list.query.isError ? accountTexts.errorFetchingUsers : null}
        onRetry={() => void list.query.refetch()}
        emptyText={accountTexts.noUsers}
        sort={list.sort}
        paging={list.paging}
      />
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(toggling)}
        title={toggling?.isActive ? 'Deactivate user' : 'Reactivate user'}
        message={
          toggling?.isActive
            ? `Deactivate ${toggling.username}? Their sessions end at once and they can no longer log in.`
            : `Reactivate ${toggling?.username ?? ''}? They can log in again.`
        }
        confirmLabel={toggling?.isActive ? 'Deactivate' : 'Reactivate'}
        busy={update.isPending}
        onCancel={() => setToggling(null)}
        onConfirm={() => {
          if (!toggling) return;
          const activate = !toggling.isActive;
          update.mutate(
            {
              id: toggling.id,
              change: { isActive: activate },
              success: activate ? accountTexts.userReactivated : accountTexts.userDeactivated,
            },
            { onSettled: () => setToggling(null) },
          );
        }}
      />
    </>
  );
}

/** The admin's Users screen (the router shows anyone else its refusal instead). */
export default function UsersPage() {
  return (
    <>
      <PageHeader title="Users" actions={<InviteAction />} />
      <UsersTable />
      <InvitationsSection />
    </>
  );
}
