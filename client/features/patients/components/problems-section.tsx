import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { allergyTexts } from '../../../../shared/messages.ts';
import type { Chart } from '../../../../shared/schemas/chart.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSetAllergyStatus } from '../api/set-allergy-status.ts';
import { ChartRecordSection } from './chart-record-section.tsx';
import { allergyType, conditionType } from './chart-types.tsx';

/**
 * Allergies and conditions, each with its table. While no allergy is active and no one has said
 * so, a doctor may record that the patient has no known allergies.
 */
export function ProblemsSection({ chart }: { chart: Chart }) {
  const { can } = useSession();
  const patientId = chart.patient.id;
  const setStatus = useSetAllergyStatus(patientId);
  const [confirming, setConfirming] = useState(false);
  const mayMark =
    can('allergies:write') && chart.allergies.length === 0 && chart.allergyStatus !== 'none';

  const markNoKnown = async () => {
    try {
      await setStatus.mutateAsync(true);
      notify('success', allergyTexts.markedNoKnown);
    } catch {
      notify('error', allergyTexts.errorMarking);
    }
    setConfirming(false);
  };

  return (
    <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <ChartRecordSection config={allergyType} patientId={patientId} />
        {chart.allergyStatus === 'none' && (
          <Alert severity="success">{allergyTexts.noKnownAllergies}</Alert>
        )}
        {mayMark && (
          <Box>
            <Button variant="outlined" size="large" onClick={() => setConfirming(true)}>
              {allergyTexts.markNoKnown}
            </Button>
          </Box>
        )}
      </Box>
      <ChartRecordSection config={conditionType} patientId={patientId} />
      <ConfirmDialog
        open={confirming}
        title={allergyTexts.markNoKnownTitle}
        message={allergyTexts.markNoKnownMessage}
        confirmLabel={allergyTexts.markNoKnownConfirm}
        confirmColor="primary"
        busy={setStatus.isPending}
        onConfirm={() => void markNoKnown()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
