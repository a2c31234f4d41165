/**
 * Every product text that a form, a notice or the server says, in one place, word for word as
 * the specification gives it. Forms, routes and tests import these so they always agree.
 */
export const validation = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordMin6: 'Password must be at least 6 characters long',
  passwordMin8: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordTooCommon: 'This password is too common',
  passwordOnlySpaces: 'Password must contain more than spaces',
  firstNameRequiredSignup: 'First Name is required',
  secondNameRequired: 'Second Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  primaryLocationRequired: 'Primary Location is required',
  roleRequired: 'Role is required',
  privilegesRequired: 'Privileges are required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dobRequired: 'Date of birth is required',
  genderRequired: 'Gender is required',
  addressRequired: 'Address is required',
  phoneRequired: 'Phone number is required',
  emergencyContactRequired: 'Emergency contact is required',
  emergencyContactPhoneRequired: 'Emergency contact phone number is required',
  doctorUsernameRequired: 'Doctor username is required',
  patientIdRequired: 'Patient ID is required',
  appointmentDateRequired: 'Appointment date is required',
  locationRequired: 'Location is required',
  doctorIdRequired: 'Doctor ID is required',
  dateOfVisitRequired: 'Date of visit is required',
  diagnosisRequired: 'Diagnosis is required',
  treatmentPlanRequired: 'Treatment plan is required',
  caregiverIdRequired: 'Caregiver ID is required',
  dateRequired: 'Date is required',
  summaryRequired: 'Summary is required',
  recommendationsRequired: 'Recommendations are required',
  detailsRequired: 'Details are required',
  reminderBoth: 'Please provide both a reminder message and time',
} as const;

export const notices = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  signupSuccess: 'Signup successful! Please login.',
  errorFetchingUserData: 'Error fetching user data',
  errorFetchingAppointments: 'Error fetching appointments',
  failedToFetchPatients: 'Failed to fetch patients',
  errorSavingPatient: 'Error saving patient',
  errorDeletingPatient: 'Error deleting patient',
  errorDeletingAppointment: 'Error deleting appointment',
  errorSavingAppointment: 'Error saving appointment',
  errorFetchingProgressReports: 'Error fetching progress reports',
  errorSavingProgressReport: 'Error saving progress report',
  errorDeletingProgressReport: 'Error deleting progress report',
  errorFetchingProfile: 'Error fetching profile',
  errorUpdatingProfile: 'Error updating profile',
  errorFetchingReminders: 'Error fetching reminders',
  errorFetchingNotifications: 'Error fetching notifications',
  errorDismissingNotification: 'Error dismissing notification',
  errorFetchingMedicalRecords: 'Error fetching medical records',
  errorSavingMedicalRecord: 'Error saving medical record',
  errorDeletingMedicalRecord: 'Error deleting medical record',
  patientAdded: 'Patient added successfully',
  patientUpdated: 'Patient updated successfully',
  patientDeleted: 'Patient deleted successfully',
  appointmentAdded: 'Appointment added successfully',
  appointmentUpdated: 'Appointment updated successfully',
  appointmentDeleted: 'Appointment deleted successfully',
  progressReportAdded: 'Progress report added successfully',
  progressReportUpdated: 'Progress report updated successfully',
  progressReportDeleted: 'Progress report deleted successfully',
  medicalRecordAdded: 'Medical record added successfully',
  medicalRecordUpdated: 'Medical record updated successfully',
  medicalRecordDeleted: 'Medical record deleted successfully',
  prescriptionAdded: 'Prescription added successfully',
  prescriptionUpdated: 'Prescription updated successfully',
  prescriptionDeleted: 'Prescription deleted successfully',
  medicationAdded: 'Medication record added successfully',
  medicationUpdated: 'Medication record updated successfully',
  medicationDeleted: 'Medication record deleted successfully',
  reminderAdded: 'Reminder added successfully',
  remindersLoaded: 'Reminders loaded successfully',
  presetRemindersLoaded: 'Preset reminders loaded successfully',
  profileLoaded: 'Profile loaded successfully',
  profileUpdated: 'Profile updated successfully',
  settingsUpdated: 'Settings updated successfully',
  themeDark: 'Theme switched to Dark Mode',
  themeLight: 'Theme switched to Light Mode',
  notificationDismissed: 'Notification dismissed',
  sessionExpired: 'Your session has ended. Please log in again.',
} as const;

/** Texts the server answers with in `{message}` for failures that are not field validation. */
export const apiErrors = {
  badRequest: 'The request is not valid',
  unauthorized: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  conflict: 'This conflicts with existing data',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already registered',
  tooManyRequests: 'Too many attempts. Please wait and try again.',
  internal: 'Something went wrong. Please try again.',
  csrf: 'This request was refused because it did not come from the application',
  databaseLocked: 'Another ElderCare process is already using this data directory',
  busy: 'The server is busy. Please try again in a few seconds.',
} as const;

/** Texts of the account screens that the seed does not name (sign-up hint, admin Users screen). */
export const accountTexts = {
  privilegeNeedsApproval:
    'An admin must approve this privilege. Until then the account works with editor privileges.',
  errorChangingPassword: 'Error changing password',
  errorSavingSettings: 'Error saving settings',
  fontSizeHint: 'From 10 to 32 pixels. Shown at once, kept when you save.',
  settingsFollowYou:
    'Your settings are kept with your account and apply on every device you sign in on.',
  errorFetchingUsers: 'Error fetching users',
  noUsers: 'No users match.',
  errorUpdatingUser: 'Error updating user',
  requestGranted: 'Privilege request approved',
  requestRefused: 'Privilege request refused',
  userDeactivated: 'User deactivated',
  userReactivated: 'User reactivated',
  adminOnly: 'Only administrators can manage users.',
} as const;

/** Texts of the account calls (login, logout, password change, the admin's Users screen). */
export const accountMessages = {
  loginSuccess: 'Login successful',
  loggedOut: 'Logged out',
  sessionExpired: 'Your session has expired',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  fontSizeRange: 'Font size must be between 10 and 32',
  temperatureUnit: 'Temperature unit must be C or F',
  glucoseUnit: 'Glucose unit must be mmol/L or mg/dL',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDemoteSelf: 'You cannot remove your own admin privileges',
  lastAdmin: 'The agency must keep at least one active admin',
  userUpdated: 'User updated',
} as const;

/** Texts of the appointment calls and screens that the seed does not name. */
export const appointmentTexts = {
  invalidDate: 'Appointment date must be a valid date and time',
  doctorNotFound: 'Doctor username must name an active doctor',
  doctorNotOnCareTeam: 'Choose a doctor from your care team',
  mustBeFuture: 'Appointment date must be in the future',
  onlyOwnFuture: 'You can cancel only your own upcoming appointments',
  notAllowed: 'You are not allowed to change appointments',
  noLinkedPatient: 'Your account is not linked to a patient record yet.',
  noUpcoming: 'No upcoming appointments.',
  noAppointments: 'No appointments yet.',
  noCareTeamDoctor: 'No doctor is on your care team yet.',
  noAppointmentsOnDay: 'No appointments on this day.',
  deleteTitle: 'Delete appointment',
  deleteQuestion: 'Delete this appointment? It leaves every list and can be restored by an admin.',
  cancelTitle: 'Cancel appointment',
  cancelQuestion: 'Cancel this appointment? Your doctor is told at once.',
  cancelled: 'Appointment cancelled successfully',
  requested: 'Appointment requested successfully',
} as const;

/** Texts of the patient registry, care team and account link that the seed does not name. */
export const patientTexts = {
  dobInvalid: 'Date of birth must be a valid date',
  dobInFuture: 'Date of birth cannot be in the future',
  dobTooEarly: 'Date of birth cannot be before 1850',
  noPatients: 'No patients found.',
  searchLabel: 'Search by name',
  editPatient: 'Edit Patient',
  deleteTitle: 'Delete patient?',
  deleteMessage: 'The patient leaves every list. An administrator can restore the record.',
  patientNotFound: 'This patient does not exist or is not on your care team.',
  careTeam: 'Care team',
  noCareTeam: 'No one is on this care team yet.',
  careTeamMemberInvalid: 'Choose an active doctor or caregiver',
  careTeamDuplicate: 'This person is already on the care team',
  careTeamAdded: 'Care team member added',
  careTeamRemoved: 'Care team member removed',
  errorUpdatingCareTeam: 'Error updating care team',
  removeMemberTitle: 'Remove from care team?',
  removeMemberMessage: 'This person will no longer see this patient.',
  accountUsernameUnknown: 'No patient account has this username',
  accountNotPatient: 'Only a patient account can be linked',
  accountTaken: 'This account is already linked to another patient',
  accountLinked: 'Patient account linked',
  accountUnlinked: 'Patient account unlinked',
  errorLinkingAccount: 'Error linking patient account',
  notLinked: 'No account linked',
} as const;

/** Texts of the audit screens (admin audit log, a patient's own access log). */
export const auditTexts = {
  auditTitle: 'Audit Log',
  noAuditEntries: 'No audit entries found.',
  errorFetchingAudit: 'Error fetching audit log',
  adminOnly: 'Only administrators can read the audit log.',
  accessLogTitle: 'Who viewed my record',
  noAccess: 'No one has opened your record yet.',
  notLinked: 'Your account is not linked to a patient record yet.',
  errorFetchingAccessLog: 'Error fetching access log',
} as const;

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

/** Texts of the reminders (caregiver dashboard) that the seed does not name. */
export const reminderTexts = {
  dashboardTitle: 'Caregiver Dashboard',
  title: 'Reminders',
  empty: 'No reminders set yet.',
  dayEmpty: 'Nothing on this day.',
  calendarTitle: 'Calendar',
  addTitle: 'Add Reminder',
  editTitle: 'Edit Reminder',
  messageLabel: 'Reminder Message',
  dateLabel: 'Time to be Reminded',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit reminder',
  delete: 'Delete reminder',
  deleteTitle: 'Delete reminder?',
  deleteQuestion: 'Delete this reminder? It will not remind you any more.',
  updated: 'Reminder updated successfully',
  deleted: 'Reminder deleted successfully',
  errorSaving: 'Error saving reminder',
  errorDeleting: 'Error deleting reminder',
  done: 'Reminded',
  upcoming: 'Upcoming',
  messageTooLong: 'A reminder message can be at most 500 characters',
  invalidDate: 'Time to be Reminded must be a valid date and time',
  invalidTimeZone: 'Must be a known time zone',
  calendarLegendReminder: 'Reminder',
  calendarLegendAppointment: 'Appointment',
  calendarDayLabel: (reminders: number, appointments: number) =>
    [
      reminders ? `${reminders} reminder${reminders === 1 ? '' : 's'}` : '',
      appointments ? `${appointments} appointment${appointments === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(', '),
} as const;

/** Texts of the notifications (page, bell, browser notifications) that the seed does not name. */
export const notificationTexts = {
  title: 'Notifications',
  empty: 'You have no notifications at the moment.',
  dismiss: 'Dismiss',
  open: 'Open',
  showMore: 'Show more',
  bellLabel: (count: number) => `Notifications, ${count} unread`,
  systemTitle: 'ElderCare System',
  allowBrowser: 'Allow browser notifications',
  browserBlocked:
    'Browser notifications are blocked for this site. Allow them in the browser settings to get them.',
  browserAllowed: 'Browser notifications are on.',
  disabledInSettings:
    'Notifications are turned off in Settings: new ones are listed here without a pop-up.',
} as const;

/** Texts of restoring soft-deleted records (the admin's Deleted Records screen and the restore
 * calls) that the seed does not name. */
export const deletedRecordTexts = {
  title: 'Deleted Records',
  intro:
    'Records deleted by a click stay here until an administrator restores them. Records of a deleted patient appear once the patient is restored.',
  typeLabel: 'Record type',
  allTypes: 'All types',
  /** The same words for whatever types the registry lists (shared/record-types.ts). */
  typeMustBeOneOf: (types: readonly string[]) => `Type must be one of ${types.join(', ')}`,
  empty: 'No deleted records.',
  adminOnly: 'Only administrators can restore deleted records.',
  errorFetching: 'Error fetching deleted records',
  restore: 'Restore',
  restoreTitle: 'Restore record?',
  restoreMessage: 'It returns to every list exactly as it was when it was deleted.',
  restored: 'Record restored',
  errorRestoring: 'Error restoring record',
  notDeleted: 'This record is not deleted, so there is nothing to restore',
  patientDeleted: 'This record belongs to a deleted patient: restore the patient first',
  patientSummary: (dob: string) => `Born ${dob}`,
} as const;

/** Medication rounds: schedules on prescriptions, doses and their outcomes, the MAR chart. */
export const doseTexts = {
  // The schedule of a prescription.
  route: 'Route',
  routeLabels: {
    oral: 'Oral',
    topical: 'Topical',
    inhaled: 'Inhaled',
    injection: 'Injection',
    other: 'Other',
  },
  routeInvalid: 'Route must be oral, topical, inhaled, injection or other',
  instructions: 'Instructions',
  schedule: 'Schedule',
  scheduleLabels: { none: 'No schedule', fixed: 'At set times', prn: 'As needed (PRN)' },
  scheduleInvalid: 'Schedule must be at set times or as needed',
  startDate: 'Start date',
  startDateRequired: 'Start date is required for a schedule',
  endDate: 'End date',
  endBeforeStart: 'End date must be on or after the start date',
  durationDays: 'Duration (days)',
  durationInvalid: 'Duration must be a whole number of days from 1 to 3650',
  endAndDuration: 'Give an end date or a duration, not both',
  doseTimes: 'Times of day',
  doseTimesRequired: 'Add at least one time of day',
  doseTimeInvalid: 'Times must be written as HH:MM, for example 08:00',
  doseTimesTooMany: 'At most 12 times a day',
  doseTimesRepeated: 'Each time of day may be given once',
  weekdays: 'Days of the week',
  everyDay: 'Every day',
  weekdaysInvalid: 'Days of the week must be from Monday to Sunday, each once',
  weekdayLabels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  prnMinInterval: 'Minimum interval (minutes)',
  prnMinIntervalInvalid: 'Minimum interval must be from 15 minutes to 24 hours (1440)',
  prnMaxPerDay: 'Most doses in 24 hours',
  prnMaxPerDayInvalid: 'Most doses in 24 hours must be from 1 to 24',
  fixedOnly: 'Times and days are for a schedule at set times',
  prnOnly: 'Interval and daily limit are for a schedule as needed',
  scheduleLocked:
    'This prescription has recorded doses: to change its times or days, set an end date and write a new prescription',

  // Doses and outcomes.
  outcomeLabels: {
    given: 'Given',
    'given-late': 'Given late',
    refused: 'Refused',
    'not-given': 'Not given',
  },
  statusLabels: {
    upcoming: 'Upcoming',
    due: 'Due',
    late: 'Late',
    missed: 'Missed',
    given: 'Given',
    'given-late': 'Given late',
    refused: 'Refused',
    'not-given': 'Not given',
  },
  reasonLabels: {
    asleep: 'Asleep',
    absent: 'Absent',
    'in-hospital': 'In hospital',
    nausea: 'Nausea or vomiting',
    'out-of-stock': 'Out of stock',
    withheld: "Withheld on doctor's instruction",
    other: 'Other',
  },
  outcomeInvalid: 'Outcome must be given, refused or not given',
  reasonRequired: 'Choose why the dose was not given',
  reasonInvalid: 'Choose a reason from the list',
  reasonOnlyNotGiven: 'A reason is given only for a dose not given',
  noteRequired: 'Add a note saying what happened',
  prnReasonRequired: 'Say why the as-needed dose was given',
  prnOnlyGiven: 'An as-needed dose is recorded when it is given',
  prescriptionRequired: 'Prescription is required',
  scheduledAtInvalid: 'Scheduled time must be a valid date and time',
  givenAtInvalid: 'Time given must be a valid date and time',
  givenAtInFuture: 'The time given cannot be in the future',
  givenAtTooEarly: 'The time given is more than a day before the dose',
  doseOfAnotherPatient: 'This dose belongs to another patient',
  notScheduled: 'This prescription has no schedule: record it in the medication log',
  notFixed: 'This prescription is taken as needed: leave the scheduled time out',
  scheduledAtRequired: 'Scheduled time is required for a prescription given at set times',
  noDoseAtTime: 'This prescription has no dose at that time',
  outsideDates: "That time is outside the prescription's dates",
  notYetDue: (time: string) => `This dose is not due until ${time}`,
  tooFarAhead: 'A dose more than a day ahead cannot be recorded yet',
  cannotMove: 'A correction cannot move the outcome to another dose',
  alreadyRecorded: (name: string, time: string) =>
    `This dose was already recorded by ${name} at ${time}`,
  prnTooSoon: (time: string) =>
    `Too soon after the last dose: the next dose is allowed from ${time}`,
  prnDailyLimit: (max: number, time: string) =>
    `The limit of ${max} doses in 24 hours is reached: the next dose is allowed from ${time}`,
  logDoseNeedsBoth: 'Give both the prescription and the scheduled time of the dose',

  // Recording outcomes on the server: the medication log's entry, the timeline, restores.
  /** The medication log's entry of a recorded dose, e.g. "Given: Metformin 500 mg, dose of 08:00". */
  doseLogEntry: (entry: {
    outcome: string;
    medication: string;
    /** 'HH:MM' of a scheduled dose; null for an as-needed one. */
    doseTime: string | null;
    reason: string;
    note: string;
  }) =>
    `${entry.outcome}: ${entry.medication}` +
    (entry.doseTime ? `, dose of ${entry.doseTime}` : ', as needed') +
    (entry.reason ? `. Reason: ${entry.reason}` : '') +
    (entry.note ? `. Note: ${entry.note}` : ''),
  /** A dose on the patient's timeline, e.g. "Given: Metformin 500 mg". */
  doseTimelineTitle: (outcome: string, medication: string) => `${outcome}: ${medication}`,
  slotTaken: 'Another outcome is recorded for this dose: delete that one before restoring this one',

  // Screens.
  dueNowTitle: 'Doses due now',
  dueNowEmpty: 'No doses are due now.',
  errorFetchingDue: 'Error fetching doses due',
  asNeededTitle: 'As needed (PRN)',
  recordGiven: 'Given',
  recordNotGiven: 'Not given…',
  recordPrn: 'Give a dose',
  outcome: 'Outcome',
  reason: 'Reason',
  note: 'Note',
  prnReason: 'Reason for the dose',
  timeGiven: 'Time given',
  recorded: 'Dose recorded',
  corrected: 'Dose corrected',
  errorRecording: 'Error recording the dose',
  correctTitle: 'Correct the dose',
  correct: 'Correct',
  history: 'Earlier entries',
  recordTitle: (medication: string, time: string) => `${medication} at ${time}`,
  prnTitle: (medication: string) => `${medication}, as needed`,
  nextAllowed: (time: string) => `Next dose allowed from ${time}`,
  prnCount: (given: number, max: number) => `${given} of ${max} in the last 24 hours`,
  lateAndMissedTitle: 'Medication rounds',
  lateCount: 'Late doses',
  missedCount: 'Missed in the last 7 days',
  todayTitle: "Today's doses",
  noDosesToday: 'No doses are scheduled today.',
  adherence: 'Adherence',
  adherence7: 'Last 7 days',
  adherence30: 'Last 30 days',
  adherenceValue: (given: number, scheduled: number) =>
    scheduled === 0
      ? 'No doses scheduled'
      : `${Math.round((given / scheduled) * 100)}% (${given} of ${scheduled})`,
  openMar: 'MAR chart',

  // The MAR chart.
  marTitle: 'Medication administration record',
  marMonth: 'Month',
  marMedication: 'Medication',
  marTime: 'Time',
  marLegend: 'Legend',
  marPrn: 'As-needed doses',
  marNoPrn: 'No as-needed doses this month.',
  marEmpty: 'No scheduled medication this month.',
  marPrint: 'Print',
  marPrevious: 'Previous month',
  marNext: 'Next month',
  errorFetchingMar: 'Error fetching the MAR chart',
  monthInvalid: 'Month must be written as YYYY-MM',
  dateInvalid: 'Date must be written as YYYY-MM-DD',
  marCodes: {
    given: 'Given (initials of who gave it)',
    'given-late': 'Given late',
    refused: 'Refused',
    missed: 'Missed: no outcome recorded',
    asleep: 'Not given: asleep',
    absent: 'Not given: absent',
    'in-hospital': 'Not given: in hospital',
    nausea: 'Not given: nausea or vomiting',
    'out-of-stock': 'Not given: out of stock',
    withheld: "Not given: withheld on doctor's instruction",
    other: 'Not given: other reason',
  },

  // Alerts.
  lateAlert: (medication: string, patientName: string, time: string) =>
    `${medication} for ${patientName} was due at ${time} and is not recorded`,
  missedAlert: (medication: string, patientName: string, time: string) =>
    `Missed dose: ${medication} for ${patientName} at ${time} was never recorded`,
} as const;

/** The agency's own settings (administrators). */
export const agencyTexts = {
  title: 'Agency',
  timeZone: 'Time zone',
  timeZoneInvalid: 'Choose a time zone from the list',
  doseWindow: 'A dose is due from this many minutes before its time until as many after',
  doseWindowInvalid: 'The due window must be from 5 to 240 minutes',
  doseMissedAfter: 'A dose is missed this many minutes after its time',
  doseMissedAfterInvalid:
    'Missed must be from 10 minutes to 24 hours (1440), and later than the due window',
  saved: 'Agency settings saved',
  errorSaving: 'Error saving agency settings',
} as const;

// ---------------------------------------------------------------------------------------------
// The MAR chart screen (/patients/:id/mar): words beyond doseTexts' MAR keys.
// ---------------------------------------------------------------------------------------------
export const marChartTexts = {
  patient: 'Patient',
  timeZone: 'Time zone',
  thisMonth: 'This month',
  caption: (name: string, month: string) =>
    `Medication administration record of ${name}, ${month}: one row per medication and time, one column per day`,
  scrollLabel: 'Medication administration record, scrolls sideways',
  prnScrollLabel: 'As-needed doses, scrolls sideways on a narrow screen',
  // A cell's words for screen readers and its tooltip.
  noDose: 'No dose that day',
  notYetRecorded: 'Not recorded yet',
  cellLabel: (status: string, code: string) => (code ? `${status} (${code})` : status),
  legendNoDose: 'No dose scheduled that day',
  legendBlank: 'Not yet due, or due and not recorded yet',
  sampleInitials: 'AB',
  givenBy: 'Given by',
  prnTime: 'Time given',
  prnReason: 'Reason',
  loading: 'Loading the MAR chart',
} as const;

// ---------------------------------------------------------------------------------------------
// Prescription schedules on screen (the form and the lists), a recorded dose viewed as a record,
// the doctor's dashboard card and the agency settings card: words beyond doseTexts/agencyTexts.
// ---------------------------------------------------------------------------------------------
export const scheduleTexts = {
  // The form.
  scheduleLegend: 'Medication schedule',
  notStated: 'Not stated',
  startDateHint: "Defaults to the prescription's date",
  endHint: 'Give an end date or a duration in days; leave both empty while it runs on',
  timeLabel: (n: number) => `Time ${n}`,
  timePlaceholder: 'HH:MM',
  addTime: 'Add time',
  removeTime: (n: number) => `Remove time ${n}`,
  presetsLabel: 'Common times',
  presets: [
    { label: 'Morning', time: '08:00' },
    { label: 'Midday', time: '13:00' },
    { label: 'Evening', time: '20:00' },
    { label: 'Night', time: '22:00' },
  ],
  presetLabel: (label: string, time: string) => `${label} ${time}`,
  weekdayNames: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  prnIntervalHint: 'For example 240 for every 4 hours',

  // The lists.
  column: 'Schedule',
  none: 'No schedule',
  hours: (h: number) => `${h} h`,
  minutes: (m: number) => `${m} min`,
  asNeeded: (interval: string, max: number) => `As needed: every ${interval}, max ${max}/24 h`,
  from: (date: string) => `from ${date}`,
  until: (date: string) => `until ${date}`,

  // A recorded dose as a record (the chart's timeline).
  dosesTitle: 'Doses',
  noDoses: 'No doses recorded.',
  errorFetchingDoses: 'Error fetching doses',
  scheduledTime: 'Scheduled time',
  asNeededDose: 'As needed',
  givenAt: 'Given at',
  deleteDoseTitle: 'Delete Dose',
  doseDeleted: 'Dose deleted',
  errorDeletingDose: 'Error deleting the dose',
  describeDose: (medication: string, time: string) => `dose of ${medication} at ${time}`,
  correctionLine: (outcome: string, recordedBy: string, recordedAt: string) =>
    `${outcome}, recorded by ${recordedBy} on ${recordedAt}`,

  // Notices.
  notificationKind: 'Medication dose',

  // The doctor's dashboard.
  errorFetchingSummary: 'Error fetching medication rounds',

  // The agency settings card.
  doseWindowLabel: 'Due window (minutes)',
  doseMissedAfterLabel: 'Missed after (minutes)',
  saveAgency: 'Save Agency Settings',
  errorFetchingAgency: 'Error fetching agency settings',
  timeZoneNone: 'No time zone matches',
} as const;

// ---------------------------------------------------------------------------------------------
// The medication round (caregiver dashboard's "Doses due now", the chart's Medication tab):
// words beyond doseTexts' screen keys.
// ---------------------------------------------------------------------------------------------
export const doseRoundTexts = {
  loading: 'Loading doses',
  timeHeading: (time: string) => `Due at ${time}`,
  dueAtTime: (time: string) => `Due ${time}`,
  /** A dose of an earlier day still without outcome (late or missed since yesterday). */
  dueAtDayTime: (day: string, time: string) => `Due ${day} ${time}`,
  givenAction: (medication: string, time: string) => `Given: ${medication} at ${time}`,
  notGivenAction: (medication: string, time: string) => `Not given: ${medication} at ${time}`,
  prnAction: (medication: string) => `Give a dose of ${medication}`,
  correctAction: (medication: string, time: string) => `Correct ${medication} at ${time}`,
  prnAllowedNow: 'A dose may be given now',
  prnLastGiven: (time: string) => `Last given ${time}`,
  prnRule: (minutes: number, max: number) =>
    minutes % 60 === 0
      ? `At least ${minutes / 60} h apart, at most ${max} in 24 hours`
      : `At least ${minutes} min apart, at most ${max} in 24 hours`,
  patientDoses: (name: string) => `Doses of ${name}`,
  prnGivenTitle: 'As-needed doses given',
  noPrnGiven: 'No as-needed doses given this day.',
  outcomeBy: (outcome: string, name: string) => `${outcome} by ${name}`,
  givenAtTime: (time: string) => `at ${time}`,
  recordedWhen: (name: string, time: string) => `${name}, ${time}`,
  replacedWhen: (name: string, time: string) => `replaced by ${name}, ${time}`,
  currentVersion: 'Current entry',
  date: 'Date',
  dayTitle: (date: string) => `Doses on ${date}`,
  today: 'Today',
  errorFetchingDay: 'Error fetching the doses of this day',
  noDosesOnDay: 'No doses are scheduled this day.',
  deleteDose: 'Delete',
  deleteDoseTitle: 'Delete this recorded dose?',
  deleteDoseMessage:
    'Delete it only if it was recorded in error: the dose will show as not recorded. An administrator can restore it.',
  doseDeleted: 'Dose deleted',
  errorDeleting: 'Error deleting the dose',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
} as const;

/** The medication log's entries that record a dose. */
export const doseLogTexts = {
  /** Deleting the log entry of a recorded dose: the dose is corrected or deleted instead. */
  entryRecordsDose:
    'This entry records a dose on the medication round: correct or delete the dose instead',
} as const;
