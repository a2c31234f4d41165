import { Box } from '@mui/material';
import type { Chart } from '../../../../shared/schemas/chart.ts';
import { VitalChartsSection } from '../../../components/records/vital-charts-section.tsx';
import { VitalSignsSection } from '../../../components/records/vital-signs-section.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { CareTeamSection } from './care-team-section.tsx';
import { ChartRecordSection } from './chart-record-section.tsx';
import {
  medicalRecordType,
  medicationType,
  prescriptionType,
  progressReportType,
} from './chart-types.tsx';
import { MedicationRoundSection } from './medication-round-section.tsx';
import { PatientAccountSection } from './patient-account-section.tsx';
import { PatientAppointmentsSection } from './patient-appointments-section.tsx';
import { PatientDetailsSection } from './patient-details-section.tsx';
import { ProblemsSection } from './problems-section.tsx';
import { VisitsTab } from './visits-section.tsx';

/** Every tab of the chart but the timeline (patient-detail-page.tsx shows that one itself). */
export type OtherChartTab =
  | 'vital-signs'
  | 'appointments'
  | 'medical-records'
  | 'progress-reports'
  | 'prescriptions'
  | 'medication'
  | 'visits'
  | 'allergies'
  | 'details';

/**
 * The patient's fields, the care team (managed here) and the linked account, from the chart's
 * record (linking an account puts the fresh record into the chart), so opening the tab reads the
 * patient no second time: every read is a row in the patient's access log.
 */
function DetailsTab({ chart, canManage }: { chart: Chart; canManage: boolean }) {
  const patientId = chart.patient.id;
  const patient = chart.patient;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PatientDetailsSection patient={patient} />
      <CareTeamSection patientId={patientId} canManage={canManage} />
      <PatientAccountSection patient={patient} canManage={canManage} />
    </Box>
  );
}

/**
 * One tab of the chart other than the timeline: the type's table of this patient with its own
 * Add, the vital signs with their charts, the rounds, the visits, the problems or the details.
 * A chunk of its own, so the chart's first screen (the timeline) loads without them.
 */
export function ChartTabPanel({ tab, chart }: { tab: OtherChartTab; chart: Chart }) {
  const { can } = useSession();
  const patientId = chart.patient.id;
  switch (tab) {
    case 'vital-signs':
      return (
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <VitalSignsSection patientId={patientId} />
          <VitalChartsSection patientId={patientId} />
        </Box>
      );
    case 'appointments':
      return <PatientAppointmentsSection patientId={patientId} />;
    case 'medical-records':
      return <ChartRecordSection config={medicalRecordType} patientId={patientId} />;
    case 'progress-reports':
      return <ChartRecordSection config={progressReportType} patientId={patientId} />;
    case 'prescriptions':
      return <ChartRecordSection config={prescriptionType} patientId={patientId} />;
    case 'medication':
      return (
        <>
          {can('doses:read') && <MedicationRoundSection patientId={patientId} />}
          <ChartRecordSection config={medicationType} patientId={patientId} />
        </>
      );
    case 'visits':
      return <VisitsTab patientId={patientId} />;
    case 'allergies':
      return <ProblemsSection chart={chart} />;
    case 'details':
      return <DetailsTab chart={chart} canManage={can('care-teams:manage')} />;
  }
}
