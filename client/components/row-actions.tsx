import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton } from '@mui/material';
import { Tooltip } from './tooltip.tsx';
import { createContext, useContext, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Inside a phone's card: each action is a button with its word, the width of the card. */
const AsButtons = createContext(false);

/** Shows the row actions inside it as full-width buttons with their words (a list's cards). */
export function RowActionsAsButtons({ children }: { children: ReactNode }) {
  return <AsButtons.Provider value>{children}</AsButtons.Provider>;
}

/**
 * The buttons of a table row, side by side on one line. Icon buttons keep a wide table readable;
 * each is 44 px square, names its row for screen readers ("Edit Walter Brooks") and shows its
 * word in a tooltip on hover and on keyboard focus.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.25, flexWrap: 'nowrap', alignItems: 'center' }}>
      {children}
    </Box>
  );
}

interface RowActionProps {
  /** The accessible name: the action and the row, e.g. "Edit Walter Brooks". */
  label: string;
  /** The word shown in the tooltip, e.g. "Edit". */
  tooltip: string;
  icon: ReactNode;
  color?: 'primary' | 'error';
  /** A button... */
  onClick?: () => void;
  /** ...or a link to another screen. */
  to?: string;
}

export function RowAction({
  label,
  tooltip,
  icon,
  color = 'primary',
  onClick,
  to,
}: RowActionProps) {
  const asButton = useContext(AsButtons);
  if (asButton) {
    const sx = { width: '100%', minHeight: 44 };
    return to ? (
      <Button
        component={RouterLink}
        to={to}
        aria-label={label}
        color={color}
        variant="outlined"
        startIcon={icon}
        sx={sx}
      >
        {tooltip}
      </Button>
    ) : (
      <Button
        aria-label={label}
        color={color}
        variant="outlined"
        startIcon={icon}
        onClick={onClick}
        sx={sx}
      >
        {tooltip}
      </Button>
    );
  }
  const size = { width: 44, height: 44 };
  return (
    <Tooltip title={tooltip}>
      {to ? (
        <IconButton component={RouterLink} to={to} aria-label={label} color={color} sx={size}>
          {icon}
        </IconButton>
      ) : (
        <IconButton aria-label={label} color={color} onClick={onClick} sx={size}>
          {icon}
        </IconButton>
      )}
    </Tooltip>
  );
}

/** "Edit <row>": a pencil. */
export function EditAction({ name, onClick }: { name: string; onClick(): void }) {
  return <RowAction label={`Edit ${name}`} tooltip="Edit" icon={<EditIcon />} onClick={onClick} />;
}

/** "Delete <row>": a bin, in the error colour. */
export function DeleteAction({ name, onClick }: { name: string; onClick(): void }) {
  return (
    <RowAction
      label={`Delete ${name}`}
      tooltip="Delete"
      icon={<DeleteIcon />}
      color="error"
      onClick={onClick}
    />
  );
}
