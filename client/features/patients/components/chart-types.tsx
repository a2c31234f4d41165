import { Chip } from '@mui/material';
import type { ComponentType } from 'react';
import {
  allergyTexts,
  chartTexts,
  clinicalTexts,
  conditionTexts,
  doseTexts,
  notices,
  scheduleTexts,
  timesheetTexts,
  visitTexts,
  vitalSignTexts,
} from '../../../../shared/messages.ts';
import { formatDate, formatDateTime } from '../../../../shared/format.ts';
import type { Permission } from '../../../../shared/permissions.ts';
import type { ClinicalRecordType } from '../../../../shared/record-types.ts';
import type { Allergy, ProblemStatus } from '../../../../shared/schemas/allergies.ts';
import type { Condition } from '../../../../shared/schemas/conditions.ts';
import type { Dose, DoseCorrection } from '../../../../shared/schemas/doses.ts';
import type { MedicalRecord } from '../../../../shared/schemas/medical-records.ts';
import type { Medication } from '../../../../shared/schemas/medications.ts';
import type { Prescription } from '../../../../shared/schemas/prescriptions.ts';
import type { ProgressReport } from '../../../../shared/schemas/progress-reports.ts';
import type { Me } from '../../../../shared/schemas/users.ts';
import type {
  CarePlanTask,
  Visit,
  VisitCorrection,
  VisitLocation,
} from '../../../../shared/schemas/visits.ts';
import type { VitalSign } from '../../../../shared/schemas/vital-signs.ts';
import { vitalMeasurements } from '../../../../shared/constants.ts';
import type { UnitSettings } from '../../../../shared/units.ts';
import { DateTimeText, type Column } from '../../../components/data-table.tsx';
import { IdWithName } from '../../../components/id-with-name.tsx';
import type { RecordFormDialogComponentProps } from '../../../components/records/record-section.tsx';
import { ScheduleCell } from '../../../components/records/prescription-schedule-cell.tsx';
import {
  scheduleDetailsText,
  scheduleText,
} from '../../../components/records/prescription-schedule.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { formatShown, labelWithUnit } from '../../../lib/units.ts';
import { CarePlanTaskFormDialog } from './care-plan-section.tsx';

// Each type's form (react-hook-form, its schema, its pickers) loads when it is first opened.
const MedicalRecordFormDialog = lazyDialog(() =>
  import('../../../components/records/forms/medical-record-form-dialog.tsx').then(
    (m) => m.MedicalRecordFormDialog,
  ),
);
const MedicationFormDialog = lazyDialog(() =>
  import('../../../components/records/forms/medication-form-dialog.tsx').then(
    (m) => m.MedicationFormDialog,
  ),
);
const PrescriptionFormDialog = lazyDialog(() =>
  import('../../../components/records/forms/prescription-form-dialog.tsx').then(
    (m) => m.PrescriptionFormDialog,
  ),
);
const ProgressReportFormDialog = lazyDialog(() =>
  import('../../../components/records/forms/progress-report-form-dialog.tsx').then(
    (m) => m.ProgressReportFormDialog,
  ),
);
const VitalSignFormDialog = lazyDialog(() =>
  import('../../../components/records/vital-sign-form-dialog.tsx').then(
    (m) => m.VitalSignFormDialog,
  ),
);
const AllergyFormDialog = lazyDialog(() =>
  import('./forms/allergy-form-dialog.tsx').then((m) => m.AllergyFormDialog),
);
const ConditionFormDialog = lazyDialog(() =>
  import('./forms/condition-form-dialog.tsx').then((m) => m.ConditionFormDialog),
);

/** Who is asking: the session's user and its permission check. */
export interface Asker {
  user: Me | null;
  can(permission: Permission): boolean;
}

/**
 * One line of a record's view: its label and its value in words; a list of values (earlier
 * versions of a dose) shows one per line, struck through with `struck`.
 */
export interface FieldLine {
  label: string;
  value: string | string[];
  struck?: boolean;
  /** Shows the value as a link to this address (a related record's place on the chart). */
  href?: string;
}

/**
 * Everything the chart needs of a clinical type: its table (columns, texts), who may add, edit
 * and delete (the same rules as the server's), its form with the patient preset, and its fields
 * in words for the timeline's record view.
 */
export interface ChartType<T extends { id: number }> {
  type: ClinicalRecordType;
  title: string;
  columns: Column<T>[];
  emptyText: string;
  fetchError: string;
  addLabel: string;
  mayAdd(asker: Asker): boolean;
  /** Whether the user may change some rows: the table's Actions column is shown then. */
  mayChangeSome(asker: Asker): boolean;
  mayEdit(row: T, asker: Asker): boolean;
  mayDelete(row: T, asker: Asker): boolean;
  /** Names a row for screen readers: "Edit <describe(row)>". */
  describe(row: T): string;
  remove: { title: string; message: string; success: string; error: string };
  Form: ComponentType<RecordFormDialogComponentProps<T> & { patientId: number }>;
  fields(row: T, units: UnitSettings): FieldLine[];
}

const f = chartTexts.fields;
const only = (permission: Permission) => (_row: unknown, asker: Asker) => asker.can(permission);

/** Active or resolved, as a chip: an active allergy stands out in the alert colour. */
export function StatusChip({ status, alert }: { status: ProblemStatus; alert?: boolean }) {
  return (
    <Chip
      size="small"
      label={allergyTexts.statusLabels[status]}
      color={status === 'active' ? (alert ? 'error' : 'primary') : 'default'}
      variant="outlined"
    />
  );
}

const onsetText = (onset: string | null) => (onset ? formatDate(onset) : '');

export const medicalRecordType: ChartType<MedicalRecord> = {
  type: 'medical-record',
  title: chartTexts.tabs.medicalRecords,
  columns: [
    {
      key: 'doctorId',
      header: 'Doctor ID',
      staffId: true,
      render: (r) => <IdWithName id={r.doctorId} name={r.doctorName} />,
    },
    {
      key: 'dateOfVisit',
      cardTitle: true,
      header: f.dateOfVisit,
      render: (r) => <DateTimeText value={r.dateOfVisit} />,
    },
    { key: 'location', header: f.location, render: (r) => r.location },
    { key: 'diagnosis', header: f.diagnosis, render: (r) => r.diagnosis },
    { key: 'treatmentPlan', header: f.treatmentPlan, render: (r) => r.treatmentPlan },
    { key: 'notes', header: f.notes, render: (r) => r.notes },
  ],
  emptyText: clinicalTexts.noMedicalRecords,
  fetchError: notices.errorFetchingMedicalRecords,
  addLabel: 'Add New Record',
  mayAdd: (asker) => asker.can('medical-records:write'),
  mayChangeSome: (asker) => asker.can('medical-records:write'),
  mayEdit: only('medical-records:write'),
  mayDelete: only('medical-records:write'),
  describe: (r) => `record of ${r.patientName} on ${formatDateTime(r.dateOfVisit)}`,
  remove: {
    title: clinicalTexts.deleteMedicalRecordTitle,
    message: clinicalTexts.deleteMessage,
    success: notices.medicalRecordDeleted,
    error: notices.errorDeletingMedicalRecord,
  },
  Form: MedicalRecordFormDialog,
  fields: (r) => [
    { label: f.doctor, value: r.doctorName },
    { label: f.dateOfVisit, value: formatDateTime(r.dateOfVisit) },
    { label: f.location, value: r.location },
    { label: f.diagnosis, value: r.diagnosis },
    { label: f.treatmentPlan, value: r.treatmentPlan },
    { label: f.notes, value: r.notes },
    { label: f.recordedBy, value: r.recordedByName },
  ],
};

/** A caregiver's own report: the one they are named on, or the one they filed. */
const isOwnReport = (r: ProgressReport, user: Me | null) =>
  r.caregiverId === user?.id || r.createdBy === user?.id;

export const progressReportType: ChartType<ProgressReport> = {
  type: 'progress-report',
  title: chartTexts.tabs.progressReports,
  columns: [
    { key: 'reportId', header: f.reportId, render: (r) => r.reportId },
    {
      key: 'caregiverId',
      header: 'Caregiver Id',
      staffId: true,
      render: (r) => <IdWithName id={r.caregiverId} name={r.caregiverName} />,
    },
    {
      key: 'date',
      cardTitle: true,
      header: f.date,
      render: (r) => <DateTimeText value={r.date} />,
    },
    { key: 'summary', header: f.summary, render: (r) => r.summary },
    { key: 'recommendations', header: f.recommendations, render: (r) => r.recommendations },
    {
      key: 'createdAt',
      header: f.createdAt,
      render: (r) => <DateTimeText value={r.createdAt} />,
    },
  ],
  emptyText: clinicalTexts.noProgressReports,
  fetchError: notices.errorFetchingProgressReports,
  addLabel: 'Add Progress Report',
  mayAdd: (asker) => asker.can('progress-reports:create'),
  mayChangeSome: (asker) =>
    asker.can('progress-reports:write') || asker.can('progress-reports:create'),
  mayEdit: (r, asker) =>
    asker.can('progress-reports:write') ||
    (asker.can('progress-reports:create') && isOwnReport(r, asker.user)),
  mayDelete: only('progress-reports:write'),
  describe: (r) => `progress report ${r.reportId}`,
  remove: {
    title: clinicalTexts.deleteProgressReportTitle,
    message: clinicalTexts.deleteMessage,
    success: notices.progressReportDeleted,
    error: notices.errorDeletingProgressReport,
  },
  Form: ProgressReportFormDialog,
  fields: (r) => [
    { label: f.reportId, value: r.reportId },
    { label: f.caregiver, value: r.caregiverName },
    { label: f.date, value: formatDateTime(r.date) },
    { label: f.summary, value: r.summary },
    { label: f.recommendations, value: r.recommendations },
    { label: f.overallHealth, value: r.overallHealth },
    { label: f.recordedBy, value: r.recordedByName },
  ],
};

export const prescriptionType: ChartType<Prescription> = {
  type: 'prescription',
  title: chartTexts.tabs.prescriptions,
  columns: [
    {
      key: 'doctorId',
      header: 'Doctor ID',
      staffId: true,
      render: (r) => <IdWithName id={r.doctorId} name={r.doctorName} />,
    },
    { key: 'date', header: f.date, nowrap: true, render: (r) => formatDate(r.date) },
    { key: 'medication', cardTitle: true, header: f.medication, render: (r) => r.medication },
    { key: 'dosage', header: f.dosage, render: (r) => r.dosage },
    { key: 'duration', header: f.duration, render: (r) => r.duration },
    {
      key: 'schedule',
      header: scheduleTexts.column,
      minWidth: 180,
      render: (r) => <ScheduleCell prescription={r} />,
    },
    { key: 'details', header: f.details, render: (r) => r.details },
  ],
  emptyText: clinicalTexts.noPrescriptions,
  fetchError: clinicalTexts.errorFetchingPrescriptions,
  addLabel: 'Add Prescription',
  mayAdd: (asker) => asker.can('prescriptions:write'),
  mayChangeSome: (asker) => asker.can('prescriptions:write'),
  mayEdit: only('prescriptions:write'),
  mayDelete: only('prescriptions:write'),
  describe: (r) => `prescription for ${r.patientName} of ${formatDate(r.date)}`,
  remove: {
    title: clinicalTexts.deletePrescriptionTitle,
    message: clinicalTexts.deleteMessage,
    success: notices.prescriptionDeleted,
    error: clinicalTexts.errorDeletingPrescription,
  },
  Form: PrescriptionFormDialog,
  fields: (r) => [
    { label: f.doctor, value: r.doctorName },
    { label: f.date, value: formatDate(r.date) },
    { label: f.medication, value: r.medication },
    { label: f.dosage, value: r.dosage },
    { label: f.duration, value: r.duration },
    { label: f.details, value: r.details },
    { label: scheduleTexts.column, value: scheduleText(r) },
    { label: doseTexts.route, value: scheduleDetailsText(r) },
    { label: doseTexts.instructions, value: r.instructions },
    { label: f.recordedBy, value: r.recordedByName },
  ],
};

export const medicationType: ChartType<Medication> = {
  type: 'medication',
  title: chartTexts.tabs.medication,
  columns: [
    {
      key: 'date',
      cardTitle: true,
      header: f.date,
      render: (r) => <DateTimeText value={r.date} />,
    },
    { key: 'details', header: f.details, render: (r) => r.details },
    {
      key: 'recordedBy',
      header: f.recordedBy,
      render: (r) => (
        <IdWithName id={r.recordedBy} name={`${r.recordedByName} (${r.recordedByRole})`} />
      ),
    },
  ],
  emptyText: clinicalTexts.noMedication,
  fetchError: clinicalTexts.errorFetchingMedication,
  addLabel: 'Add Medication',
  mayAdd: (asker) => asker.can('medications:log'),
  mayChangeSome: (asker) => asker.can('medications:write'),
  mayEdit: only('medications:write'),
  mayDelete: only('medications:write'),
  describe: (r) => `medication record for ${r.patientName} of ${formatDateTime(r.date)}`,
  remove: {
    title: clinicalTexts.deleteMedicationTitle,
    message: clinicalTexts.deleteMessage,
    success: notices.medicationDeleted,
    error: clinicalTexts.errorDeletingMedication,
  },
  Form: MedicationFormDialog,
  fields: (r) => [
    { label: f.date, value: formatDateTime(r.date) },
    { label: f.details, value: r.details },
    { label: f.recordedBy, value: `${r.recordedByName} (${r.recordedByRole})` },
  ],
};

export const allergyType: ChartType<Allergy> = {
  type: 'allergy',
  title: allergyTexts.title,
  columns: [
    {
      key: 'substance',
      cardTitle: true,
      header: allergyTexts.substance,
      render: (r) => r.substance,
    },
    { key: 'reaction', header: allergyTexts.reaction, render: (r) => r.reaction },
    { key: 'onset', header: allergyTexts.onset, nowrap: true, render: (r) => onsetText(r.onset) },
    {
      key: 'status',
      header: allergyTexts.status,
      render: (r) => <StatusChip status={r.status} alert />,
    },
    { key: 'recordedBy', header: allergyTexts.recordedBy, render: (r) => r.recordedByName },
  ],
  emptyText: allergyTexts.empty,
  fetchError: allergyTexts.errorFetching,
  addLabel: allergyTexts.addTitle,
  mayAdd: (asker) => asker.can('allergies:write'),
  mayChangeSome: (asker) => asker.can('allergies:write'),
  mayEdit: only('allergies:write'),
  mayDelete: only('allergies:write'),
  describe: (r) => allergyTexts.describe(r.substance),
  remove: {
    title: allergyTexts.deleteTitle,
    message: clinicalTexts.deleteMessage,
    success: allergyTexts.deleted,
    error: allergyTexts.errorDeleting,
  },
  Form: AllergyFormDialog,
  fields: (r) => [
    { label: allergyTexts.substance, value: r.substance },
    { label: allergyTexts.reaction, value: r.reaction },
    { label: allergyTexts.onset, value: onsetText(r.onset) },
    { label: allergyTexts.status, value: allergyTexts.statusLabels[r.status] },
    { label: allergyTexts.recordedBy, value: r.recordedByName },
  ],
};

export const conditionType: ChartType<Condition> = {
  type: 'condition',
  title: conditionTexts.title,
  columns: [
    { key: 'name', cardTitle: true, header: conditionTexts.name, render: (r) => r.name },
    {
      key: 'onset',
      header: conditionTexts.onset,
      nowrap: true,
      render: (r) => onsetText(r.onset),
    },
    {
      key: 'status',
      header: conditionTexts.status,
      render: (r) => <StatusChip status={r.status} />,
    },
    { key: 'note', header: conditionTexts.note, minWidth: 160, render: (r) => r.note },
    { key: 'recordedBy', header: conditionTexts.recordedBy, render: (r) => r.recordedByName },
  ],
  emptyText: conditionTexts.empty,
  fetchError: conditionTexts.errorFetching,
  addLabel: conditionTexts.addTitle,
  mayAdd: (asker) => asker.can('conditions:write'),
  mayChangeSome: (asker) => asker.can('conditions:write'),
  mayEdit: only('conditions:write'),
  mayDelete: only('conditions:write'),
  describe: (r) => conditionTexts.describe(r.name),
  remove: {
    title: conditionTexts.deleteTitle,
    message: clinicalTexts.deleteMessage,
    success: conditionTexts.deleted,
    error: conditionTexts.errorDeleting,
  },
  Form: ConditionFormDialog,
  fields: (r) => [
    { label: conditionTexts.name, value: r.name },
    { label: conditionTexts.onset, value: onsetText(r.onset) },
    { label: conditionTexts.status, value: allergyTexts.statusLabels[r.status] },
    { label: conditionTexts.note, value: r.note },
    { label: conditionTexts.recordedBy, value: r.recordedByName },
  ],
};

/** Readings have their own section on the chart; the timeline's view still needs their rules. */
export const vitalSignType: ChartType<VitalSign> = {
  type: 'vital-sign',
  title: vitalSignTexts.title,
  columns: [],
  emptyText: vitalSignTexts.empty,
  fetchError: vitalSignTexts.errorFetching,
  addLabel: vitalSignTexts.addTitle,
  mayAdd: (asker) => asker.can('vital-signs:record'),
  mayChangeSome: (asker) => asker.can('vital-signs:record'),
  // Editors on the care team change any reading, anyone else only the readings they took.
  mayEdit: (r, asker) => asker.can('vital-signs:write') || r.recordedBy === asker.user?.id,
  mayDelete: (r, asker) => asker.can('vital-signs:write') || r.recordedBy === asker.user?.id,
  describe: (r) => `vital signs taken ${formatDateTime(r.takenAt)}`,
  remove: {
    title: vitalSignTexts.deleteTitle,
    message: clinicalTexts.deleteMessage,
    success: vitalSignTexts.deleted,
    error: vitalSignTexts.errorDeleting,
  },
  Form: VitalSignFormDialog,
  fields: (r, units) => [
    { label: f.takenAt, value: formatDateTime(r.takenAt) },
    ...vitalMeasurements.flatMap((m) => {
      const value = r[m];
      return value === null
        ? []
        : [{ label: labelWithUnit(m, units), value: formatShown(m, value, units) }];
    }),
    { label: f.note, value: r.note },
    { label: f.recordedBy, value: `${r.recordedByName} (${r.recordedByRole})` },
  ],
};

const scheduledTimeText = (r: Pick<Dose, 'scheduledAt'>) =>
  r.scheduledAt ? formatDateTime(r.scheduledAt) : scheduleTexts.asNeededDose;

/** An outcome in words: "Not given: Asleep — slept through". */
function outcomeText(r: Pick<Dose, 'outcome' | 'reason' | 'note'>): string {
  const outcome = doseTexts.outcomeLabels[r.outcome];
  const withReason = r.reason ? `${outcome}: ${doseTexts.reasonLabels[r.reason]}` : outcome;
  return r.note ? `${withReason} — ${r.note}` : withReason;
}

const correctionText = (c: DoseCorrection) =>
  scheduleTexts.correctionLine(
    c.givenAt ? `${outcomeText(c)} (${formatDateTime(c.givenAt)})` : outcomeText(c),
    c.recordedByName,
    formatDateTime(c.recordedAt),
  );

/**
 * A recorded dose, viewed as a record (the timeline). It is recorded and corrected from the
 * medication round, not from here; a dose recorded in error may be deleted.
 */
export const doseType: ChartType<Dose> = {
  type: 'dose',
  title: scheduleTexts.dosesTitle,
  columns: [
    {
      key: 'medication',
      cardTitle: true,
      header: f.medication,
      render: (r) => [r.medication, r.dosage].filter(Boolean).join(' '),
    },
    {
      key: 'scheduledAt',
      header: scheduleTexts.scheduledTime,
      nowrap: true,
      render: (r) => scheduledTimeText(r),
    },
    {
      key: 'outcome',
      header: doseTexts.outcome,
      render: (r) => doseTexts.outcomeLabels[r.outcome],
    },
    {
      key: 'givenAt',
      header: scheduleTexts.givenAt,
      nowrap: true,
      render: (r) => (r.givenAt ? <DateTimeText value={r.givenAt} /> : ''),
    },
    {
      key: 'reason',
      header: doseTexts.reason,
      render: (r) => (r.reason ? doseTexts.reasonLabels[r.reason] : r.prnReason),
    },
    { key: 'note', header: doseTexts.note, minWidth: 160, render: (r) => r.note },
    { key: 'recordedBy', header: f.recordedBy, render: (r) => r.recordedByName },
  ],
  emptyText: scheduleTexts.noDoses,
  fetchError: scheduleTexts.errorFetchingDoses,
  addLabel: '',
  mayAdd: () => false,
  mayChangeSome: (asker) => asker.can('doses:record'),
  mayEdit: () => false,
  mayDelete: only('doses:record'),
  describe: (r) => scheduleTexts.describeDose(r.medication, scheduledTimeText(r)),
  remove: {
    title: scheduleTexts.deleteDoseTitle,
    message: clinicalTexts.deleteMessage,
    success: scheduleTexts.doseDeleted,
    error: scheduleTexts.errorDeletingDose,
  },
  // Never opened (mayEdit is false): corrections go through the medication round's dialog.
  Form: () => null,
  fields: (r) => [
    { label: f.medication, value: [r.medication, r.dosage].filter(Boolean).join(' ') },
    { label: scheduleTexts.scheduledTime, value: scheduledTimeText(r) },
    { label: doseTexts.outcome, value: doseTexts.outcomeLabels[r.outcome] },
    { label: scheduleTexts.givenAt, value: r.givenAt ? formatDateTime(r.givenAt) : '' },
    { label: doseTexts.reason, value: r.reason ? doseTexts.reasonLabels[r.reason] : '' },
    { label: doseTexts.prnReason, value: r.prnReason },
    { label: doseTexts.note, value: r.note },
    { label: f.recordedBy, value: r.recordedByName },
    { label: doseTexts.history, value: r.corrections.map(correctionText), struck: true },
  ],
};

/** Where a check-in or check-out was made: shared (with its accuracy), refused or unavailable. */
function locationText(status: VisitLocation['status'] | null, accuracy: number | null): string {
  if (!status) return '';
  return timesheetTexts.locationAt(
    visitTexts.locationLabels[status],
    status === 'shared' ? accuracy : null,
  );
}

const stamped = (at: string | null, where: string) =>
  at ? [formatDateTime(at), where].filter(Boolean).join(' · ') : '';

const visitCorrectionText = (c: VisitCorrection) => {
  const time = (iso: string | null) => (iso ? formatDateTime(iso) : timesheetTexts.noTime);
  return timesheetTexts.correctionLine(
    `${time(c.previousCheckInAt)} – ${time(c.previousCheckOutAt)}`,
    `${time(c.checkInAt)} – ${time(c.checkOutAt)}`,
    c.correctedByName,
    formatDateTime(c.correctedAt),
    c.reason,
  );
};

const plannedText = (r: Pick<Visit, 'plannedStart' | 'plannedEnd'>) =>
  visitTexts.timeRange(formatDateTime(r.plannedStart), formatDateTime(r.plannedEnd));

/**
 * A caregiver's visit, viewed as a record (the timeline, the chart's visits). It is planned and
 * moved on the rota and checked in and out on the caregiver's day, not from here; those who plan
 * visits may delete one planned in error.
 */
export const visitType: ChartType<Visit> = {
  type: 'visit',
  title: visitTexts.visits,
  columns: [
    {
      key: 'plannedStart',
      cardTitle: true,
      header: timesheetTexts.plannedTime,
      nowrap: true,
      render: (r) => plannedText(r),
    },
    {
      key: 'serviceType',
      header: visitTexts.serviceType,
      render: (r) => visitTexts.serviceTypeLabels[r.serviceType],
    },
    { key: 'caregiver', header: visitTexts.caregiver, render: (r) => r.caregiverName },
    { key: 'status', header: visitTexts.status, render: (r) => visitTexts.statusLabels[r.status] },
  ],
  emptyText: timesheetTexts.patientVisitsEmpty,
  fetchError: timesheetTexts.errorFetchingVisits,
  addLabel: '',
  mayAdd: () => false,
  mayChangeSome: (asker) => asker.can('visits:plan'),
  mayEdit: () => false,
  mayDelete: only('visits:plan'),
  describe: (r) => timesheetTexts.describeVisit(r.patientName, formatDateTime(r.plannedStart)),
  remove: {
    title: timesheetTexts.deleteVisitTitle,
    message: clinicalTexts.deleteMessage,
    success: timesheetTexts.visitDeleted,
    error: timesheetTexts.errorDeletingVisit,
  },
  // Never opened (mayEdit is false): visits are changed on the rota.
  Form: () => null,
  fields: (r) => [
    { label: visitTexts.status, value: visitTexts.statusLabels[r.status] },
    { label: timesheetTexts.cancelReason, value: r.cancelReason ?? '' },
    { label: visitTexts.serviceType, value: visitTexts.serviceTypeLabels[r.serviceType] },
    {
      label: visitTexts.caregiver,
      value: r.caregiverId === null ? visitTexts.unassigned : r.caregiverName,
    },
    { label: timesheetTexts.plannedTime, value: plannedText(r) },
    {
      label: timesheetTexts.checkInField,
      value: stamped(r.checkInAt, locationText(r.checkInLocation, r.checkInAccuracy)),
    },
    {
      label: timesheetTexts.checkOutField,
      value: stamped(r.checkOutAt, locationText(r.checkOutLocation, r.checkOutAccuracy)),
    },
    { label: visitTexts.instructions, value: r.instructions },
    {
      label: visitTexts.tasks,
      value: r.tasks.length
        ? r.tasks.map((t) =>
            timesheetTexts.taskLine(t.title, visitTexts.taskStatusLabels[t.status], t.reason),
          )
        : visitTexts.noTasks,
    },
    { label: visitTexts.note, value: r.note },
    {
      label: timesheetTexts.progressReport,
      value: r.progressReportId === null ? '' : timesheetTexts.openProgressReport,
      href:
        r.progressReportId === null ? undefined : `/patients/${r.patientId}?tab=progress-reports`,
    },
    { label: timesheetTexts.corrections, value: r.corrections.map(visitCorrectionText) },
    { label: timesheetTexts.recordedBy, value: r.recordedByName },
  ],
};

/** A standing task of the patient's care plan; the chart's Visits tab keeps them in order. */
export const carePlanTaskType: ChartType<CarePlanTask> = {
  type: 'care-plan-task',
  title: timesheetTexts.carePlanTitle,
  columns: [
    { key: 'position', header: timesheetTexts.position, render: (r) => r.position + 1 },
    { key: 'title', cardTitle: true, header: timesheetTexts.taskTitle, render: (r) => r.title },
    { key: 'recordedBy', header: f.recordedBy, render: (r) => r.recordedByName },
  ],
  emptyText: timesheetTexts.carePlanEmpty,
  fetchError: timesheetTexts.errorFetchingCarePlan,
  addLabel: timesheetTexts.addTask,
  mayAdd: (asker) => asker.can('care-plan:write'),
  mayChangeSome: (asker) => asker.can('care-plan:write'),
  mayEdit: only('care-plan:write'),
  mayDelete: only('care-plan:write'),
  describe: (r) => timesheetTexts.describeTask(r.title),
  remove: {
    title: timesheetTexts.deleteTaskTitle,
    message: clinicalTexts.deleteMessage,
    success: timesheetTexts.taskDeleted,
    error: timesheetTexts.errorDeletingTask,
  },
  Form: CarePlanTaskFormDialog,
  fields: (r) => [
    { label: timesheetTexts.taskTitle, value: r.title },
    { label: timesheetTexts.position, value: String(r.position + 1) },
    { label: f.recordedBy, value: r.recordedByName },
  ],
};

/** The clinical types the chart knows, by registry type. */
export const chartTypes = {
  'medical-record': medicalRecordType,
  'progress-report': progressReportType,
  prescription: prescriptionType,
  medication: medicationType,
  'vital-sign': vitalSignType,
  allergy: allergyType,
  condition: conditionType,
  dose: doseType,
  visit: visitType,
  'care-plan-task': carePlanTaskType,
} satisfies Record<ClinicalRecordType, unknown>;
