/** The clinical records' texts: records, vital signs and their ranges, allergies, conditions, the chart. */

/** Texts of the clinical screens and calls (medical records, progress reports, prescriptions,
 * medication) that the seed does not name. */
export const clinicalTexts = {
  invalidDate: 'Must be a valid date between the years 1900 and 2200',
  doctorNotActive: 'Doctor ID must belong to an active doctor',
  caregiverNotActive: 'Caregiver ID must belong to an active caregiver',
  doctorNotOnCareTeam: "Choose a doctor from the patient's care team",
  caregiverNotOnCareTeam: "Choose a caregiver from the patient's care team",
  noMedicalRecords: 'No medical records available.',
  noProgressReports: 'No progress report available.',
  noPrescriptions: 'No prescriptions available.',
  noMedication: 'No medication records available.',
  noUpcomingAppointments: 'No upcoming appointments.',
  deleteMedicalRecordTitle: 'Delete medical record?',
  deleteProgressReportTitle: 'Delete progress report?',
  deletePrescriptionTitle: 'Delete prescription?',
  deleteMedicationTitle: 'Delete medication record?',
  deleteMessage: 'The record leaves every list. An administrator can restore it.',
  errorFetchingPrescriptions: 'Error fetching prescriptions',
  errorSavingPrescription: 'Error saving prescription',
  errorDeletingPrescription: 'Error deleting prescription',
  errorFetchingMedication: 'Error fetching medication records',
  errorSavingMedication: 'Error saving medication record',
  errorDeletingMedication: 'Error deleting medication record',
  notLinked: 'Your account is not linked to a patient record yet.',
  progressReportFiled: (reportId: string, patientName: string) =>
    `New progress report ${reportId} for ${patientName}`,
  prescriptionChanged: (
    patientName: string,
    change: 'added' | 'updated' | 'removed' | 'restored',
  ) => `A prescription for ${patientName} was ${change}`,
} as const;

/** The measurements of a vital signs reading: how people name them, and their units. */
export const vitalSignLabels = {
  systolic: { label: 'Systolic', unit: 'mmHg' },
  diastolic: { label: 'Diastolic', unit: 'mmHg' },
  pulse: { label: 'Pulse', unit: '/min' },
  respiratoryRate: { label: 'Respiratory rate', unit: '/min' },
  temperatureC: { label: 'Temperature', unit: '°C' },
  spo2: { label: 'SpO2', unit: '%' },
  glucoseMmolL: { label: 'Blood glucose', unit: 'mmol/L' },
  weightKg: { label: 'Weight', unit: 'kg' },
  pain: { label: 'Pain', unit: '' },
} as const;
export type VitalMeasurement = keyof typeof vitalSignLabels;

const withUnit = (measurement: VitalMeasurement, text: string) =>
  vitalSignLabels[measurement].unit ? `${text} ${vitalSignLabels[measurement].unit}` : text;

/** Texts of vital signs readings: the API's validation and the patient page's section. */
export const vitalSignTexts = {
  takenAtRequired: 'Taken at is required',
  atLeastOneMeasurement: 'Enter at least one measurement',
  /** Out of the physiological range, or not a number: the field, the range and the unit. */
  wholeNumberOutOfRange: (measurement: VitalMeasurement, min: number, max: number) =>
    withUnit(
      measurement,
      `${vitalSignLabels[measurement].label} must be a whole number from ${min} to ${max}`,
    ),
  decimalOutOfRange: (measurement: VitalMeasurement, min: number, max: number) =>
    `${withUnit(measurement, `${vitalSignLabels[measurement].label} must be from ${min.toFixed(1)} to ${max.toFixed(1)}`)}, with at most one decimal`,
  diastolicBelowSystolic: 'Diastolic must be below systolic',
  bloodPressureBoth: 'Enter both systolic and diastolic, or neither',
  noteTooLong: (max: number) => `A note can be at most ${max} characters`,
  title: 'Vital signs',
  addTitle: 'Add vital signs',
  editTitle: 'Edit vital signs',
  empty: 'No vital signs recorded.',
  deleteTitle: 'Delete vital signs reading?',
  added: 'Vital signs added successfully',
  updated: 'Vital signs updated successfully',
  deleted: 'Vital signs deleted successfully',
  errorFetching: 'Error fetching vital signs',
  errorSaving: 'Error saving vital signs',
  errorDeleting: 'Error deleting vital signs',
  anyValue: 'any',
  /** A measurement entered in the user's unit (°F, mg/dL): the field, the range and that unit. */
  outOfRangeIn: (label: string, min: number, max: number, unit: string, decimals: number) =>
    decimals === 0
      ? `${label} must be a whole number from ${min} to ${max} ${unit}`
      : `${label} must be from ${min.toFixed(decimals)} to ${max.toFixed(decimals)} ${unit}, with at most one decimal`,
  /** The Settings screen's unit choices. */
  temperatureUnitLabel: 'Temperature unit',
  glucoseUnitLabel: 'Blood glucose unit',
  unitNames: {
    C: '°C (Celsius)',
    F: '°F (Fahrenheit)',
    'mmol/L': 'mmol/L',
    'mg/dL': 'mg/dL',
  },
  unitsHint: 'Vital signs are shown and entered in these units.',
  /** The charts of the patient's page. */
  bloodPressure: 'Blood pressure',
  spanLabel: 'Period',
  spans: { '7': '7 days', '30': '30 days', '90': '90 days', all: 'All' },
  spanWords: {
    '7': 'last 7 days',
    '30': 'last 30 days',
    '90': 'last 90 days',
    all: 'all readings',
  },
  chartsEmpty: 'No vital signs recorded in this period.',
  notMeasured: (labels: string) => `Not measured in this period: ${labels}`,
  chartsError: 'Error fetching vital signs for the charts',
  truncated: (count: number) => `Showing the newest ${count} readings of this period.`,
  showTable: 'Show as table',
  hideTable: 'Hide table',
  tableCaption: (title: string, span: string) => `${title}, ${span}`,
  tableStatus: 'Status',
  inRange: 'In range',
  outOfRangeCount: (count: number) =>
    count === 1 ? '1 reading out of range' : `${count} readings out of range`,
  legendReading: 'Reading',
  legendOutOfRange: 'Out of range',
  legendRange: (note: string) => `Shaded: range (${note})`,
  chartFailed: 'The chart could not be drawn. Its values are in the table below.',
  takenAt: 'Taken at',
} as const;

/** Texts of the patient's ranges (thresholds) and the alerts of readings outside them. */
export const thresholdTexts = {
  title: 'Ranges',
  editTitle: 'Ranges for alerts',
  defaultNote: 'Default: common clinical range',
  ownNote: 'Set for this patient',
  lowBelowHigh: 'The lower bound must be below the upper bound',
  /** A bound outside the measurement's physiological range (vitalSignBounds). */
  boundOutOfRange: (label: string, min: number, max: number) =>
    `${label} bounds must be from ${min} to ${max}`,
  saved: 'Ranges saved',
  errorSaving: 'Error saving ranges',
  /** The ranges dialog and the charts' range lines. */
  open: 'Ranges',
  low: 'Low',
  high: 'High',
  dialogIntro:
    'A reading outside its range is flagged in the lists and charts. Leave a bound empty for none.',
  resetToDefault: 'Reset to default',
  resetRow: (label: string) => `Reset ${label} to default`,
  isDefault: 'Default',
  bandDefault: 'default',
  bandOwn: 'set for this patient',
  /** A bound entered in the user's unit outside the measurement's physiological range. */
  boundOutOfRangeIn: (label: string, min: number, max: number, unit: string) =>
    `${label} bounds must be from ${min} to ${max}${unit ? ` ${unit}` : ''}`,
  rangeLine: (range: string, note: string) => `Range ${range} (${note})`,
  /** Blood pressure's two ranges when their notes differ: "Range systolic 90–140 mmHg (default), …". */
  rangeList: (parts: string) => `Range ${parts}`,
  rangeWithNote: (range: string, note: string) => `${range} (${note})`,
  noRange: (note: string) => `No range (${note})`,
  above: 'above range',
  below: 'below range',
  errorFetching: 'Error fetching ranges',
  outOfRange: 'Out of range',
  /** The notification: the patient, each value and its range. */
  alert: (patientName: string, findings: string) =>
    `Vital signs out of range for ${patientName}: ${findings}`,
  /** One value of an alert, e.g. "pulse 128 /min (range 50–100 /min)". */
  finding: (measurement: string, value: string, range: string) =>
    `${measurement} ${value} (range ${range})`,
} as const;

/** Texts of allergies (the chart's header and its list). */
export const allergyTexts = {
  title: 'Allergies',
  substanceRequired: 'Substance is required',
  statusInvalid: 'Status must be active or resolved',
  noKnownAllergies: 'No known allergies',
  notRecorded: 'Allergies not recorded',
  markNoKnown: 'Record no known allergies',
  substance: 'Substance',
  reaction: 'Reaction',
  onset: 'Onset',
  status: 'Status',
  recordedBy: 'Recorded by',
  statusLabels: { active: 'Active', resolved: 'Resolved' },
  /** The header's chip: the substance and, when known, the reaction. */
  chip: (substance: string, reaction: string) =>
    reaction ? `${substance}: ${reaction}` : substance,
  describe: (substance: string) => `allergy to ${substance}`,
  markNoKnownTitle: 'Record no known allergies?',
  markNoKnownMessage:
    'The chart will say that this patient has no known allergies, until an allergy is added.',
  markNoKnownConfirm: 'Record',
  markedNoKnown: 'No known allergies recorded',
  errorMarking: 'Error recording no known allergies',
  addTitle: 'Add allergy',
  editTitle: 'Edit allergy',
  deleteTitle: 'Delete allergy?',
  empty: 'No allergies listed.',
  added: 'Allergy added successfully',
  updated: 'Allergy updated successfully',
  deleted: 'Allergy deleted successfully',
  errorFetching: 'Error fetching allergies',
  errorSaving: 'Error saving allergy',
  errorDeleting: 'Error deleting allergy',
  /** A prescription whose medication matches a recorded allergy: 409 until confirmed. */
  conflict: (substances: string) =>
    `This patient has a recorded allergy to ${substances}. Confirm to prescribe anyway.`,
  confirmTitle: 'Prescribe despite a recorded allergy?',
  confirm: 'Prescribe anyway',
  /** The confirmation's list of the allergies the medication matches. */
  conflictListLabel: 'Matching allergies',
  conflictReaction: (reaction: string) => `reaction: ${reaction}`,
  conflictNoReaction: 'reaction not recorded',
  confirmInvalid: 'Confirm allergy must be true or false',
  noKnownInvalid: 'No known allergies must be true or false',
  /** PUT /api/patients/{id}/allergy-status with noKnownAllergies while allergies are listed. */
  activeAllergiesListed:
    'This patient has active allergies listed: resolve or delete them before recording no known allergies',
} as const;

/** Texts of conditions (the chart's header and its list). */
export const conditionTexts = {
  title: 'Conditions',
  nameRequired: 'Condition is required',
  statusInvalid: 'Status must be active or resolved',
  noneActive: 'No active conditions',
  name: 'Condition',
  onset: 'Onset',
  status: 'Status',
  note: 'Note',
  recordedBy: 'Recorded by',
  describe: (name: string) => `condition ${name}`,
  addTitle: 'Add condition',
  editTitle: 'Edit condition',
  deleteTitle: 'Delete condition?',
  empty: 'No conditions listed.',
  added: 'Condition added successfully',
  updated: 'Condition updated successfully',
  deleted: 'Condition deleted successfully',
  errorFetching: 'Error fetching conditions',
  errorSaving: 'Error saving condition',
  errorDeleting: 'Error deleting condition',
} as const;

/** Texts of the patient's chart that the lists above do not hold. */
export const chartTexts = {
  timelineTitle: 'Timeline',
  timelineEmpty: 'Nothing recorded for this patient in this period.',
  loadMore: 'Show older',
  allTypes: 'All types',
  from: 'From',
  to: 'To',
  age: (years: number) => `${years} years`,
  careTeam: 'Care team',
  emergencyContact: 'Emergency contact',
  printSummary: 'Print care summary',
  summaryTitle: 'Care summary',
  summaryNotForYou:
    "The care summary holds the patient's clinical record: it is for those who may read it.",
  currentPrescriptions: 'Current prescriptions',
  lastVitals: 'Last vital signs',
  lastReports: 'Last progress reports',
  chartsTitle: 'Vital signs over time',
  errorFetching: 'Error fetching the chart',
  backToPatients: 'Back to patients',
  backToChart: 'Back to chart',
  sectionsLabel: 'Chart sections',
  tabs: {
    timeline: 'Timeline',
    vitals: 'Vital signs',
    appointments: 'Appointments',
    medicalRecords: 'Medical records',
    progressReports: 'Progress reports',
    prescriptions: 'Prescriptions',
    medication: 'Medication',
    problems: 'Allergies & conditions',
    details: 'Details',
  },
  details: 'Details',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  allergies: 'Allergies',
  conditions: 'Active conditions',
  noCareTeam: 'No one is on the care team yet',
  callContact: (name: string, phone: string) => `Call ${name} at ${phone}`,
  timelineError: 'Error fetching the timeline',
  typeFilter: 'Show types',
  clearFilters: 'Clear filters',
  entryBy: (name: string) => `by ${name}`,
  endOfTimeline: 'No older entries.',
  recordMissing: 'This record no longer exists or is not on your care team.',
  recordError: 'Error fetching the record',
  close: 'Close',
  edit: 'Edit',
  delete: 'Delete',
  noAppointments: 'No appointments for this patient.',
  appointmentsError: 'Error fetching appointments',
  noCurrentPrescriptions: 'No current prescriptions.',
  print: 'Print',
  printedOn: (when: string) => `Printed ${when}`,
  takenBy: (name: string) => `Taken by ${name}`,
  fields: {
    doctor: 'Doctor',
    caregiver: 'Caregiver',
    date: 'Date',
    dateOfVisit: 'Date of Visit',
    appointmentDate: 'Appointment Date',
    location: 'Location',
    diagnosis: 'Diagnosis',
    treatmentPlan: 'Treatment Plan',
    notes: 'Notes',
    reportId: 'Progress Report ID',
    summary: 'Summary',
    recommendations: 'Recommendations',
    overallHealth: 'Overall Health',
    medication: 'Medication',
    dosage: 'Dosage',
    duration: 'Duration',
    details: 'Details',
    takenAt: 'Taken at',
    note: 'Note',
    recordedBy: 'Recorded by',
    createdAt: 'Created At',
    age: 'Age',
    gender: 'Gender',
    address: 'Address',
    phoneNumber: 'Phone Number',
  },
  invalidDay: 'Must be a date YYYY-MM-DD between the years 1900 and 2200',
  typesMustBeOneOf: (types: readonly string[]) => `Types must be among ${types.join(', ')}`,
  daysMustBeOneOf: 'Days must be 7, 30, 90 or all',
  fromAfterTo: 'From must be on or before To',
  invalidCursor: 'This page marker is not valid: load the timeline again from the start',
  /** The timeline's lines for each kind of entry. */
  appointmentTitle: 'Appointment',
  reportTitle: (reportId: string, overallHealth: string | null) =>
    overallHealth ? `${reportId} · ${overallHealth}` : reportId,
  allergyTitle: (substance: string) => `Allergy: ${substance}`,
  allergyDetail: (reaction: string, status: string) =>
    [reaction, status].filter(Boolean).join(' · '),
  problemStatus: { active: 'Active', resolved: 'Resolved' } as Record<string, string>,
  /** A vital signs reading in short, e.g. "BP 128/82, pulse 72, 36.8 °C". */
  vitalsSummary: (parts: string[]) => parts.join(', ') || 'Vital signs',
  vitalParts: {
    bloodPressure: (systolic: number, diastolic: number) => `BP ${systolic}/${diastolic}`,
    pulse: (value: number) => `pulse ${value}`,
    respiratoryRate: (value: number) => `resp. ${value}/min`,
    temperature: (value: string, unit: string) => `${value} °${unit}`,
    spo2: (value: number) => `SpO2 ${value}%`,
    glucose: (value: string, unit: string) => `glucose ${value} ${unit}`,
    weight: (value: string) => `${value} kg`,
    pain: (value: number) => `pain ${value}/10`,
  },
} as const;
