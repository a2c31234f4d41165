import { Dialog } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import type { MyVisit } from '../../../shared/schemas/visits.ts';
import { useFullScreenDialog } from '../dialog.ts';

/**
 * The dialog of a visit's check-in or check-out: full screen on a phone, titled by its body.
 * The last visit stays rendered while the dialog fades out, and each opening starts afresh
 * (the body is keyed by the opening).
 */
export function VisitDialogFrame({
  visit,
  onClose,
  children,
}: {
  visit: MyVisit | null;
  onClose(): void;
  children: (visit: MyVisit, titleId: string, opening: number) => ReactNode;
}) {
  const fullScreen = useFullScreenDialog();
  const titleId = useId();
  const [shown, setShown] = useState(visit);
  const [openings, setOpenings] = useState(0);
  if (visit && visit !== shown) {
    setShown(visit);
    setOpenings(openings + 1);
  }
  return (
    <Dialog
      open={visit !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {shown && children(shown, titleId, openings)}
    </Dialog>
  );
}
