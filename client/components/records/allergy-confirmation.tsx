import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useCallback, useId, useRef, useState } from 'react';
import { allergyTexts } from '../../../shared/messages.ts';
import {
  allergyConflictSchema,
  type AllergyConflict,
  type PrescriptionInput,
} from '../../../shared/schemas/prescriptions.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * What a prescription form sends: its values, and `confirmAllergy` once the user confirmed
 * prescribing despite an allergy.
 */
export type PrescriptionBody = Omit<PrescriptionInput, 'confirmAllergy'> & {
  confirmAllergy?: boolean;
};

/**
 * The allergy conflict a failed save carries: a 409 with `code: 'allergy-conflict'` and the
 * matching allergies. Any other failure (another 409, a 400, a network error) is not one, and
 * is handled as before.
 */
export function allergyConflictOf(error: unknown): AllergyConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = allergyConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** Asks whether to prescribe despite the allergies; Cancel has the focus. */
export function AllergyConfirmDialog({
  open,
  conflict,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  conflict: AllergyConflict | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WarningAmberIcon color="error" aria-hidden />
        {allergyTexts.confirmTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{conflict?.message}</DialogContentText>
        {conflict && conflict.allergies.length > 0 && (
          <Box
            component="ul"
            aria-label={allergyTexts.conflictListLabel}
            sx={{ mt: 2, mb: 0, pl: 3 }}
          >
            {conflict.allergies.map((allergy) => (
              <li key={allergy.id}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {allergy.substance}
                </Typography>
                <Typography component="span">
                  {' — '}
                  {allergy.reaction
                    ? allergyTexts.conflictReaction(allergy.reaction)
                    : allergyTexts.conflictNoReaction}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} autoFocus size="large">
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" size="large">
          {allergyTexts.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The allergy check of every prescription form (the Prescriptions screen's and the chart's):
 * `confirmRetry` (for useClinicalRecordForm) opens the confirmation on the server's allergy
 * conflict and answers the body to send again with `confirmAllergy: true`, or null when the
 * user cancels (the form stays as it was); `dialog` is the confirmation, rendered beside the
 * form.
 */
export function useAllergyConfirmation<
  TBody extends { confirmAllergy?: boolean } = PrescriptionBody,
>() {
  const [asking, setAsking] = useState<{ open: boolean; conflict: AllergyConflict | null }>({
    open: false,
    conflict: null,
  });
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const confirmRetry = useCallback(
    (error: unknown, body: TBody): Promise<TBody | null> | undefined => {
      const conflict = allergyConflictOf(error);
      // Already confirmed and still refused: the form shows the failure as any other.
      if (!conflict || body.confirmAllergy) return undefined;
      return new Promise<TBody | null>((resolve) => {
        answer.current = (confirmed) =>
          resolve(confirmed ? { ...body, confirmAllergy: true } : null);
        setAsking({ open: true, conflict });
      });
    },
    [],
  );

  const close = (confirmed: boolean) => {
    // The conflict stays while the dialog fades out, so its words do not vanish first.
    setAsking((now) => ({ ...now, open: false }));
    const resolve = answer.current;
    answer.current = null;
    resolve?.(confirmed);
  };

  const dialog = (
    <AllergyConfirmDialog
      open={asking.open}
      conflict={asking.conflict}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { confirmRetry, dialog };
}
