import { useMemo } from 'react';
import { apiPathOf } from '../../../../shared/record-types.ts';
import {
  RecordSection,
  type RecordFormDialogComponentProps,
} from '../../../components/records/record-section.tsx';
import { useSession } from '../../../lib/auth.tsx';
import type { ChartType } from './chart-types.tsx';

/**
 * One clinical type's table on the chart: the type's own list of this patient
 * (GET /api/<plural>/patient/{id}), with Add, Edit and Delete as the permission table allows, and
 * the type's form opening with the patient preset.
 */
export function ChartRecordSection<T extends { id: number }>({
  config,
  patientId,
  heading = 'section',
}: {
  config: ChartType<T>;
  patientId: number;
  heading?: 'section';
}) {
  const { user, can } = useSession();
  const asker = { user, can };
  const { Form } = config;
  // RecordSection renders its dialog as a component: a stable one per patient keeps the open
  // dialog's state across the section's re-renders.
  const FormDialog = useMemo(
    () =>
      function ChartFormDialog(props: RecordFormDialogComponentProps<T>) {
        return <Form {...props} patientId={patientId} />;
      },
    [Form, patientId],
  );

  return (
    <RecordSection<T>
      title={config.title}
      heading={heading}
      type={config.type}
      listPath={`${apiPathOf(config.type)}/patient/${patientId}`}
      columns={config.columns}
      emptyText={config.emptyText}
      fetchError={config.fetchError}
      addLabel={config.mayAdd(asker) ? config.addLabel : undefined}
      hasActions={config.mayChangeSome(asker)}
      canEdit={(row) => config.mayEdit(row, asker)}
      canDelete={(row) => config.mayDelete(row, asker)}
      describe={config.describe}
      remove={config.remove}
      FormDialog={FormDialog}
      flush
    />
  );
}
