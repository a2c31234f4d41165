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
  usernameRule:
    'Usernames are 3 to 40 characters: letters a to z, digits, dots, dashes and underscores.',
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
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

/** The calm notice the app shows while the server or its database cannot be reached. */
export const connectionTexts = {
  reconnecting: 'Reconnecting…',
  workKept: 'Your work on this screen is kept. Anything not yet saved can be saved in a moment.',
  reconnected: 'Connected again.',
} as const;

/** The notice that a new version of the app has been downloaded and waits for a reload. */
export const appUpdateTexts = {
  ready: 'A new version of ElderCare is ready.',
  reload: 'Reload',
} as const;

/** A screen opened by its address by someone whose work it is not part of. */
export const screenAccessTexts = {
  title: 'Not available',
  refused: 'This screen is not part of your work in ElderCare.',
  toDashboard: 'Go to your dashboard',
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

// ---------------------------------------------------------------------------------------------
// Caregiver visits: planning, check-in and check-out, tasks, alerts, the rota and timesheets.
// The server's messages and the words every visit screen shares; each screen's own words are in
// the objects after this one.
// ---------------------------------------------------------------------------------------------
export const visitTexts = {
  serviceTypeLabels: {
    'personal-care': 'Personal care',
    'medication-support': 'Medication support',
    'meal-preparation': 'Meal preparation',
    companionship: 'Companionship',
    nursing: 'Nursing',
    other: 'Other',
  },
  statusLabels: {
    planned: 'Planned',
    'in-progress': 'In progress',
    completed: 'Completed',
    missed: 'Missed',
    cancelled: 'Cancelled',
  },
  /** A planned visit past its start plus the late setting, not checked in (computed, not stored). */
  lateLabel: 'Late',
  taskStatusLabels: { pending: 'Not marked', done: 'Done', 'not-done': 'Not done' },
  locationLabels: {
    shared: 'Position shared',
    refused: 'Position not shared (refused)',
    unavailable: 'Position not available',
  },
  exceptionLabels: {
    late: 'Late check-in',
    'early-leave': 'Left early',
    'missing-check-out': 'No check-out',
    missed: 'Missed',
    corrected: 'Corrected by hand',
  },
  weekdayShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],

  // Validation (the form and the API).
  patientRequired: 'Patient is required',
  caregiverInvalid: 'Choose a caregiver from the list',
  startRequired: 'Start is required',
  endRequired: 'End is required',
  startInvalid: 'Start must be a valid date and time',
  endInvalid: 'End must be a valid date and time',
  endBeforeStart: 'The end must be after the start',
  tooLong: 'A visit cannot last longer than 24 hours',
  serviceTypeInvalid: 'Choose a type of service from the list',
  taskTitleRequired: 'Task is required',
  tasksTooMany: 'A visit can have at most 30 tasks',
  weekdaysRequired: 'Choose at least one day of the week',
  weekdaysInvalid: 'Days of the week must be from Monday (1) to Sunday (7), each once',
  untilRequired: 'Give the last date the visit repeats',
  untilInvalid: 'Repeat until must be a date written as YYYY-MM-DD',
  untilBeforeStart: 'Repeat until must be on or after the first visit',
  untilTooFar: 'A repeat can run for at most a year; plan the next year later',
  applyToInvalid: 'Choose this visit or this and the following ones',
  reasonRequired: 'Give a reason',
  taskOutcomesRequired: 'Mark every task done or not done',
  taskReasonRequired: 'Say why the task was not done',
  taskOfAnotherVisit: 'This task belongs to another visit',
  latitudeInvalid: 'Latitude must be from -90 to 90',
  longitudeInvalid: 'Longitude must be from -180 to 180',
  accuracyInvalid: 'Accuracy must be a number of metres from 0 to 100000',
  positionWithoutShared: 'A position is sent only when it was shared',
  positionRequired: 'A shared position needs latitude, longitude and accuracy',
  weekInvalid: 'Week must be a date written as YYYY-MM-DD',
  pageInvalid: 'Page must be a whole number from 1',
  periodInvalid: 'The period must be from 1 to 62 days, From on or before To',
  lateAfterInvalid: 'Late after must be from 5 to 240 minutes',

  // Rules (the server).
  caregiverNotOnTeam: (name: string) =>
    `${name} is not on this patient's care team: add them to the care team first`,
  caregiverOverlap: (name: string, patientName: string, time: string) =>
    `${name} is already booked with ${patientName} at ${time}`,
  notCaregiver: 'Only a caregiver can be assigned to a visit',
  notYourVisit: 'This visit is assigned to another caregiver',
  alreadyCheckedIn: (time: string) => `You already checked in at ${time}`,
  alreadyCheckedOut: (time: string) => `This visit was already checked out at ${time}`,
  checkInFirst: 'Check in before checking out',
  checkInTooEarly: (time: string) => `Check-in opens at ${time}, an hour before the visit`,
  checkInClosed: 'This visit can no longer be checked in: it is over, cancelled or missed',
  notPlanned: 'Only a planned visit can be changed this way',
  startedVisitLocked: 'A visit that has started keeps its patient, caregiver and times',
  notInSeries: 'This visit does not repeat: choose this visit only',
  checkOutBeforeCheckIn: 'Check-out must be after check-in',
  correctionInFuture: 'A corrected time cannot be in the future',
  correctionNothing: 'Give a check-in time, a check-out time or both',
  checkedInCannotDelete:
    'A visit that was checked in cannot be deleted: correct its times or cancel it instead',
  correctionCancelled: 'A cancelled visit has no times to correct',

  // Notices to the caregiver.
  visitAssignedNotice: (patientName: string, when: string) =>
    `New visit: ${patientName} on ${when}`,
  visitSeriesAssignedNotice: (count: number, patientName: string, when: string) =>
    `${count} new visits with ${patientName}, the first on ${when}`,
  visitChangedNotice: (patientName: string, when: string) =>
    `Visit changed: ${patientName} on ${when}`,
  visitUnassignedNotice: (patientName: string, when: string) =>
    `You are no longer assigned to the visit to ${patientName} on ${when}`,
  visitCancelledNotice: (patientName: string, when: string) =>
    `Visit cancelled: ${patientName} on ${when}`,

  // Alerts.
  lateAlert: (caregiver: string, patientName: string, time: string) =>
    `${caregiver} has not checked in to the visit to ${patientName} due at ${time}`,
  unassignedLateAlert: (patientName: string, time: string) =>
    `Nobody is assigned to the visit to ${patientName} due at ${time}`,
  missedAlert: (caregiver: string, patientName: string, time: string) =>
    `Missed visit: ${caregiver} never checked in to the visit to ${patientName} at ${time}`,
  unassignedMissedAlert: (patientName: string, time: string) =>
    `Missed visit: nobody was assigned to the visit to ${patientName} at ${time}`,

  // The rota's conflicts (the other visit's patient is not named: it may be out of scope).
  rotaOverlap: (name: string, time: string) =>
    `${name} is booked on another visit at the same time (${time})`,
  rotaNotOnTeam: (name: string) =>
    `${name} is no longer on this patient's care team: choose another caregiver`,
  rotaInactiveCaregiver: (name: string) =>
    `${name}'s account is deactivated: choose another caregiver`,
  /** A visit on the patient's timeline: "Personal care visit: Completed". */
  timelineTitle: (service: string, status: string) => `${service} visit: ${status}`,
  timesheetForbidden: 'You can read only your own timesheet',
  summaryForbidden: "Only a supervisor can read every caregiver's timesheet",

  // The progress report made at check-out.
  reportSummary: (service: string, date: string, time: string) =>
    `Visit (${service}) on ${date}, ${time}.`,
  reportTasksDone: (titles: string) => `Done: ${titles}.`,
  reportTasksNotDone: (items: string) => `Not done: ${items}.`,
  reportRecommendations: 'None',

  // Common screen words.
  visit: 'Visit',
  visits: 'Visits',
  patient: 'Patient',
  caregiver: 'Caregiver',
  unassigned: 'Unassigned',
  serviceType: 'Type of service',
  start: 'Start',
  end: 'End',
  date: 'Date',
  startTime: 'Start time',
  endTime: 'End time',
  status: 'Status',
  tasks: 'Tasks',
  noTasks: 'No tasks',
  instructions: 'Instructions for the caregiver',
  /** The form's label, short enough for one line at the largest text size; the help says for whom. */
  instructionsField: 'Instructions',
  instructionsHelp: 'For the caregiver: what to know before going in',
  note: 'Note',
  checkIn: 'Check in',
  checkOut: 'Check out',
  checkedInAt: (time: string) => `Checked in at ${time}`,
  checkedOutAt: (time: string) => `Checked out at ${time}`,
  timeRange: (start: string, end: string) => `${start}–${end}`,
  notificationKind: 'Visit',
} as const;

/** The coordinator's dashboard: today's visits at a glance, for the office. */
export const coordinatorTexts = {
  countsLabel: "Today's visits by state",
  unassignedCount: 'Unassigned',
  lateTitle: 'Late visits',
  lateListLabel: 'Late visits, earliest first',
  noLate: 'No late visits',
  lateBy: (duration: string) => `${duration} late`,
  unassignedTitle: 'Unassigned visits',
  unassignedListLabel: 'Visits without a caregiver, by start',
  noUnassigned: 'Every visit today has a caregiver',
  assign: 'Assign',
  assignAction: (patientName: string, time: string) =>
    `Assign a caregiver to the visit to ${patientName} at ${time}`,
  allTitle: "Today's visits",
  allListLabel: "Today's visits, by start",
  noVisits: 'No visits planned today',
  time: 'Time',
  firstPageOnly: (caregivers: number) =>
    `Only the visits of the first ${caregivers} caregivers (by name) and the unassigned visits are listed here.`,
  seeAllOnRota: 'See every visit on the rota',
  openRota: 'Open the rota',
  loading: "Loading today's visits",
  errorLoading: "Today's visits could not be loaded",
} as const;

/** The caregiver's day ("My visits today"), check-in and check-out, the patient's visits. */
export const visitDayTexts = {
  // My visits today.
  title: 'My visits today',
  titleOn: (date: string) => `My visits on ${date}`,
  loading: 'Loading your visits',
  errorLoading: 'Your visits could not be loaded',
  empty: 'No visits today',
  emptyOn: (date: string) => `No visits on ${date}`,
  previousDay: 'Previous day',
  nextDay: 'Next day',
  today: 'Today',
  dayShown: 'Day shown',
  address: 'Address',
  phone: 'Phone',
  call: (phone: string) => `Call ${phone}`,
  cancelledReason: (reason: string) => `Reason: ${reason}`,
  checkInOpensAt: (time: string) => `Check-in opens at ${time}`,
  checkInAction: (patientName: string) => `Check in to ${patientName}`,
  checkOutAction: (patientName: string) => `Check out from ${patientName}`,
  visitOf: (time: string, patientName: string) => `${time}, ${patientName}`,
  taskOutcome: (status: string, reason: string) => (reason ? `${status}: ${reason}` : status),

  // Position (check-in and check-out).
  positionExplain:
    'Your position is recorded with the check-in if you allow it; you can check in without it.',
  positionExplainOut:
    'Your position is recorded with the check-out if you allow it; you can check out without it.',
  askingPosition: 'Asking for your position…',
  positionShared: (metres: number) => `position shared (±${metres} m)`,
  positionNotShared: 'position not shared',
  positionUnavailable: 'position not available',
  checkedInNotice: (time: string, position: string) => `Checked in at ${time} · ${position}`,
  checkedOutNotice: (time: string, position: string) => `Checked out at ${time} · ${position}`,

  // Check-in.
  checkInTitle: (patientName: string) => `Check in: ${patientName}`,
  checkInConfirm: 'Check in now',
  errorCheckIn: 'The check-in could not be recorded. Try again.',

  // Check-out.
  checkOutTitle: (patientName: string) => `Check out: ${patientName}`,
  tasksHeading: 'How did the tasks go?',
  taskReason: (title: string) => `Why was "${title}" not done?`,
  noteHelp: 'What the office and the next caregiver should know (optional)',
  createReport: 'Also file this as a progress report',
  checkOutConfirm: 'Check out now',
  cancel: 'Cancel',
  reportFiled: 'The progress report was filed',
  errorCheckOut: 'The check-out could not be recorded. Your answers are kept: try again.',
  fixFields: 'Some answers need attention: see the messages above.',

  // The patient's upcoming visits.
  upcomingTitle: 'Upcoming Visits',
  upcomingEmpty: 'No visits planned for the next two weeks',
  upcomingError: 'Your visits could not be loaded',
  comingWho: 'Who is coming',
  comingWhen: 'When',
  notAssignedYet: 'Not assigned yet',
} as const;

/** The rota (week and day views) and the planning dialogs. */
export const rotaTexts = {
  // Pages of caregivers (50 each) when the agency has more.
  pagesLabel: 'Pages of caregivers',
  previousPage: 'Previous caregivers',
  nextPage: 'Next caregivers',
  pageOf: (first: number, last: number, total: number, page: number, pages: number) =>
    `Caregivers ${first}–${last} of ${total} (page ${page} of ${pages})`,
  title: 'Rota',
  weekView: 'Week',
  dayView: 'Day',
  viewLabel: 'View',
  weekNavigation: 'Week',
  dayNavigation: 'Day',
  previousWeek: 'Previous week',
  thisWeek: 'This week',
  nextWeek: 'Next week',
  previousDay: 'Previous day',
  today: 'Today',
  nextDay: 'Next day',
  weekOf: (range: string) => `Week of ${range}`,
  loading: 'Loading the rota',
  loadingDay: 'Loading the day',
  errorWeek: 'Could not load the rota',
  errorDay: 'Could not load the day',
  weekInvalid: 'That week is not a date written as YYYY-MM-DD',
  dateInvalid: 'That day is not a date written as YYYY-MM-DD',
  planVisit: 'Plan a visit',
  gridLabel: 'Rota of the week: caregivers by day (scrolls sideways)',
  gridCaption: (range: string) => `Visits of the week of ${range}, by caregiver and day`,
  caregiverColumn: 'Caregiver',
  plannedHours: (text: string) => `${text} planned`,
  duration: (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return h === 0 && m > 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
  },
  todayMark: 'Today',
  noCaregivers: 'No caregivers to plan for yet.',
  noVisitsWeek: 'No visits planned this week.',
  addVisit: 'Add',
  addVisitFor: (caregiver: string, date: string) => `Add a visit for ${caregiver} on ${date}`,
  conflictsTitle: (count: number) => (count === 1 ? '1 conflict' : `${count} conflicts`),
  noConflicts: 'No conflicts this week',
  showVisit: 'Show visit',
  conflictMark: 'Conflict',
  blockLabel: (parts: string) => `Visit: ${parts}`,
  dayCounts: 'Visits of the day',
  dayListLabel: (date: string) => `Visits on ${date}`,
  noVisitsDay: 'No visits on this day.',
  refreshedAt: (time: string) => `Status as of ${time}, refreshed every minute.`,
  notCheckedIn: 'Not checked in',
  countLabels: {
    planned: 'Planned',
    late: 'Late',
    inProgress: 'In progress',
    completed: 'Completed',
    missed: 'Missed',
    cancelled: 'Cancelled',
  },
  // The visit's dialog.
  detailsTitle: 'Visit',
  time: 'Time',
  cancelReason: 'Reason for cancelling',
  tasksDone: (done: number, count: number) => `${done} of ${count} done`,
  edit: 'Edit',
  cancelVisit: 'Cancel visit',
  deleteVisit: 'Delete',
  close: 'Close',
  notChangeable: 'Only a planned visit can be edited or cancelled.',
  deleteTitle: 'Delete this visit?',
  deleteMessage: (what: string) =>
    `Delete the visit ${what}? Use this for a visit planned in error; to call off a visit, cancel it instead.`,
  deleted: 'Visit deleted',
  errorDeleting: 'Could not delete the visit',
  errorLoadingVisit: 'Could not load the visit',
  // Planning.
  planTitle: 'Plan a visit',
  editTitle: 'Edit visit',
  cancelTitle: 'Cancel visit',
  plan: 'Plan',
  save: 'Save',
  cancel: 'Cancel',
  back: 'Back',
  confirmCancel: 'Cancel visit',
  caregiverHelp: "Caregivers on this patient's care team",
  choosePatientFirst: 'Choose the patient first',
  noTeamCaregivers: "No caregiver on this patient's care team yet: add one to the care team",
  unassignedOption: 'Unassigned (assign later)',
  timePlaceholder: 'HH:MM',
  timeInvalid: 'Write the time as HH:MM, for example 09:30',
  dateRequired: 'Date is required',
  endsNextDay: 'Ends the next day',
  taskLabel: (n: number) => `Task ${n}`,
  removeTask: (n: number) => `Remove task ${n}`,
  addTask: 'Add task',
  tasksFromPlan: "Copied from the patient's care plan; change them for this visit if needed.",
  repeatWeekly: 'Repeat weekly',
  repeatOn: 'Repeat on',
  until: 'Until',
  weekdayNames: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  applyToLegend: 'Which visits',
  applyToOne: 'This visit only',
  applyToFollowing: 'This and following visits',
  applyToHelp: 'This visit repeats weekly.',
  reason: 'Reason',
  overlapTitle: 'The caregiver is already booked',
  planned: 'Visit planned',
  plannedMany: (count: number) => `${count} visits planned`,
  updated: 'Visit updated',
  cancelled: 'Visit cancelled',
  errorPlanning: 'Could not plan the visit',
  errorSaving: 'Could not save the visit',
  errorCancelling: 'Could not cancel the visit',
  zoneNote: (zone: string) => `Times are in the agency's time zone (${zone}).`,
} as const;

/** Timesheets, their corrections and the care plan on the chart. */
export const timesheetTexts = {
  title: 'Timesheets',
  from: 'From',
  to: 'To',
  periodLabel: 'Period',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  caregiverPicker: 'Caregiver',
  allCaregivers: 'All caregivers',
  summaryTitle: 'Caregivers in this period',
  summaryEmpty: 'No caregiver has visits in this period',
  errorFetchingSummary: 'Error fetching the timesheets',
  open: 'Open timesheet',
  openOf: (name: string) => `Open timesheet of ${name}`,
  back: 'All caregivers',
  sheetTitle: (name: string) => `Timesheet of ${name}`,
  sheetEmpty: 'No visits in this period',
  errorFetchingSheet: 'Error fetching the timesheet',
  periodInvalid: 'Choose a period of 1 to 62 days, From on or before To',
  loading: 'Loading the timesheet',
  notForYou: 'Timesheets are kept for caregivers and read by supervisors',
  downloadCsv: 'Download CSV',
  downloadAllCsv: 'Download CSV of all caregivers',
  // Columns and figures.
  date: 'Date',
  patient: 'Patient',
  serviceType: 'Type of service',
  planned: 'Planned',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  plannedMinutes: 'Planned minutes',
  actualMinutes: 'Actual minutes',
  status: 'Status',
  exceptions: 'Exceptions',
  actions: 'Actions',
  caregiver: 'Caregiver',
  visits: 'Visits',
  completed: 'Completed',
  missed: 'Missed',
  plannedHours: 'Planned hours',
  actualHours: 'Actual hours',
  totalsTitle: 'Totals',
  noExceptions: 'None',
  notYet: '—',
  exceptionChips: {
    late: 'Late',
    'early-leave': 'Left early',
    'missing-check-out': 'No check-out',
    missed: 'Missed',
    corrected: 'Corrected',
  },
  // Corrections.
  correctTimes: 'Correct times',
  correctTimesOf: (patient: string, date: string) =>
    `Correct times of the visit to ${patient} on ${date}`,
  correctTitle: 'Correct check-in and check-out',
  correctIntro: (patient: string, date: string, planned: string, zone: string) =>
    `Visit to ${patient} on ${date}, planned ${planned}. Times are in ${zone}.`,
  checkInAt: 'Check-in',
  checkOutAt: 'Check-out',
  reason: 'Reason for the correction',
  save: 'Save correction',
  cancel: 'Cancel',
  corrected: 'Times corrected',
  errorCorrecting: 'Error correcting the times',
  earlierTimes: (count: number) => (count === 1 ? 'Earlier times' : `Earlier times (${count})`),
  correctionLine: (before: string, after: string, by: string, at: string, reason: string) =>
    `${before} → ${after}, by ${by} on ${at}: ${reason}`,
  noTime: 'none',
  // The late setting (agency settings).
  lateAfterLabel: 'Late after (minutes)',
  lateAfterHint: 'A visit not checked in this many minutes after its start alerts the office',
  // The chart: care plan and visits.
  visitsTab: 'Visits',
  carePlanTitle: 'Care plan tasks',
  carePlanIntro: 'New visits copy these tasks.',
  carePlanEmpty: 'No care plan tasks yet',
  errorFetchingCarePlan: 'Error fetching the care plan',
  addTask: 'Add task',
  addTaskTitle: 'Add a care plan task',
  editTaskTitle: 'Rename the care plan task',
  taskTitle: 'Task',
  rename: 'Rename',
  renameTask: (title: string) => `Rename ${title}`,
  moveUp: (title: string) => `Move ${title} up`,
  moveDown: (title: string) => `Move ${title} down`,
  deleteTask: (title: string) => `Delete ${title}`,
  deleteTaskTitle: 'Delete care plan task',
  deleteTaskMessage: (title: string) =>
    `${title}: the task leaves the care plan. Visits already planned keep their tasks.`,
  taskAdded: 'Task added',
  taskUpdated: 'Task updated',
  taskDeleted: 'Task deleted',
  taskMoved: 'Task moved',
  errorSavingTask: 'Error saving the task',
  errorDeletingTask: 'Error deleting the task',
  describeTask: (title: string) => `care plan task ${title}`,
  position: 'Order',
  patientVisitsTitle: 'Visits of the last and next 14 days',
  patientVisitsEmpty: 'No visits in the last 14 days or the next 14',
  errorFetchingVisits: 'Error fetching the visits',
  upcoming: 'Upcoming',
  past: 'Past',
  openVisit: (date: string, time: string) => `View the visit of ${date} at ${time}`,
  view: 'View',
  tasksDone: (done: number, total: number) => `${done} of ${total} tasks done`,
  // The visit record.
  plannedTime: 'Planned',
  checkInField: 'Check-in',
  checkOutField: 'Check-out',
  locationAt: (label: string, accuracy: number | null) =>
    accuracy === null ? label : `${label}, within ${Math.round(accuracy)} m`,
  taskLine: (title: string, outcome: string, reason: string) =>
    reason ? `${title}: ${outcome} (${reason})` : `${title}: ${outcome}`,
  cancelReason: 'Reason for cancelling',
  progressReport: 'Progress report',
  openProgressReport: 'Open the progress reports',
  corrections: 'Corrections',
  recordedBy: 'Planned by',
  describeVisit: (patient: string, time: string) => `visit to ${patient} on ${time}`,
  deleteVisitTitle: 'Delete visit',
  visitDeleted: 'Visit deleted',
  errorDeletingVisit: 'Error deleting the visit',
} as const;

// ---------------------------------------------------------------------------------------------
// Invitations, the sign-up policy and the first run (issue 20): the agency settings' "Accounts"
// group, the Users screen's Invite dialog and Invitations list, /join, and the /login note.
// ---------------------------------------------------------------------------------------------
export const agencyAccountTexts = {
  group: 'Accounts',
  signUpPolicy: 'Who may sign up',
  signUpOpen: 'Anyone may sign up (as today)',
  signUpPatients: 'Only patients may sign up',
  signUpClosed: 'No one: invitations only',
  signUpPolicyInvalid: 'Choose who may sign up: open, patients or closed',
  invitationDays: 'Invitations valid for (days)',
  invitationDaysInvalid: 'Invitation links must stay valid from 1 to 30 days',
  requireTwoFactor: 'Require two-factor sign-in for admins and supervisors',
  requireTwoFactorInvalid: 'Two-factor sign-in for staff must be on or off',
  auditRetentionYears: 'Keep the audit log for (years)',
  auditRetentionHint:
    'Older entries are saved to an archive file on the server, then removed from the log. Six years is a common period for health records.',
  auditRetentionYearsInvalid: 'Keep the audit log from 1 to 100 years',
} as const;

export const invitationTexts = {
  // Server answers.
  signUpClosed: 'Sign-up is by invitation only. Ask your agency administrator for an invitation.',
  signUpPatientsOnly:
    'Only patients may sign up here. Staff accounts are made by invitation: ask your agency administrator.',
  invalidLink:
    'This invitation link is not valid: it may have expired, been used or been revoked. Ask your agency administrator for a new one.',
  patientOnlyForPatients: 'A patient record can be linked only to a patient invitation',
  patientRequired: 'Choose the patient record this account belongs to',
  patientNotFound: 'No such patient',
  patientAlreadyLinked: 'This patient record is already linked to an account',
  notPending: 'Only a pending invitation can be revoked',
  notFound: 'No such invitation',
  revoked: 'Invitation revoked',
  joined: 'Welcome! Your account is ready.',
  emailSubject: 'Your invitation to ElderCare System',
  emailBody: (inviter: string, role: string, link: string, expires: string) =>
    `${inviter} invites you to join ElderCare System as ${role}.\n\n` +
    `Open this link to make your account:\n${link}\n\n` +
    `The link works once and until ${expires}. If you did not expect this, ignore this email.\n`,
  // The first run on /login.
  firstRunTitle: 'Welcome to ElderCare System',
  firstRunNote: 'No account exists yet. The first account becomes the agency’s administrator.',
  firstRunAction: 'Sign Up',
  // Sign up under the policy.
  closedTitle: 'Sign-up is by invitation only',
  closedNote:
    'Ask your agency administrator for an invitation link. If you have one, open it to make your account.',
  patientsOnlyNote: 'Staff accounts are made by invitation; here only patients may sign up.',
  // The Users screen.
  invite: 'Invite',
  inviteTitle: 'Invite someone',
  role: 'Role',
  privileges: 'Privileges',
  firstName: 'First name',
  secondName: 'Last name',
  email: 'Email (optional)',
  emailHint: 'With an email, the link is sent to it; without, copy the link and send it yourself',
  patient: 'Patient record',
  create: 'Create invitation',
  cancel: 'Cancel',
  close: 'Close',
  link: 'Invitation link',
  copy: 'Copy',
  copied: 'Link copied',
  copyFailed: 'Could not copy: select the link and copy it',
  expiresOn: (date: string) => `Valid until ${date}`,
  emailed: 'The link was emailed.',
  copyAndSend: 'Copy and send this link to them.',
  errorCreating: 'Error creating the invitation',
  listTitle: 'Invitations',
  listEmpty: 'No invitations yet',
  errorFetching: 'Error fetching invitations',
  name: 'Name',
  status: 'Status',
  invitedBy: 'Invited by',
  invitedAt: 'Sent',
  expires: 'Valid until',
  revoke: 'Revoke',
  revokeTitle: 'Revoke invitation',
  revokeConfirm: (who: string) => `Revoke the invitation for ${who}? Its link will stop working.`,
  errorRevoking: 'Error revoking the invitation',
  statusPending: 'Pending',
  statusAccepted: 'Accepted',
  statusExpired: 'Expired',
  statusRevoked: 'Revoked',
  unnamed: '(no name)',
  // /join.
  joinTitle: 'Join ElderCare System',
  joinIntro: (inviter: string, role: string) => `${inviter} invites you as ${role}.`,
  joinIntroNoInviter: (role: string) => `You are invited as ${role}.`,
  joinPatient: (name: string) => `Your account will be linked to the patient record of ${name}.`,
  joinSubmit: 'Create my account',
  confirmPassword: 'Confirm password',
  passwordsDiffer: 'The passwords do not match',
  checking: 'Checking the invitation…',
  backToLogin: 'Go to login',
} as const;

/** Texts of "Where you're signed in" (the profile's sessions list) and the admin's "End sessions". */
export const sessionTexts = {
  useLogOut: 'This is the session you are using now: to end it, use Log out.',
  title: 'Where you’re signed in',
  intro: 'Devices signed in to your account now. End any you do not recognise.',
  thisDevice: 'This device',
  lastSeen: 'Last seen',
  signedIn: 'Signed in',
  unknownAddress: 'unknown address',
  end: 'End',
  endOthers: 'Sign out everywhere else',
  endTitle: 'End this session?',
  endBody: (device: string) =>
    `${device} will be signed out at once and must log in again to continue.`,
  endOthersTitle: 'Sign out everywhere else?',
  endOthersBody: 'Every other device will be signed out at once. This device stays signed in.',
  cancel: 'Cancel',
  ended: 'Session ended',
  endedOthers: (n: number) => (n === 1 ? '1 other session ended' : `${n} other sessions ended`),
  onlyThisDevice: 'You are signed in only on this device.',
  errorLoading: 'Could not load your sessions.',
  retry: 'Try again',
  errorEnding: 'Error ending the session',
  // The admin's Users screen.
  adminAction: 'End sessions',
  adminTitle: (name: string) => `End ${name}’s sessions?`,
  adminLive: (n: number) =>
    n === 0
      ? 'This user is not signed in anywhere.'
      : n === 1
        ? 'This user is signed in on 1 device. Ending it signs them out at once.'
        : `This user is signed in on ${n} devices. Ending them signs them out everywhere at once.`,
  adminConfirm: 'End sessions',
  adminEnded: (n: number) => (n === 1 ? '1 session ended' : `${n} sessions ended`),
  close: 'Close',
} as const;

/** Texts of the password reset: the forgot-password and reset screens, the email, the admin's link. */
export const passwordResetTexts = {
  // The request (POST /api/users/password-reset): one answer whatever the account.
  requestAccepted:
    'If the account exists, a message with a link to reset the password was sent to its email address.',
  usernameOrEmailRequired: 'Enter your username or email address',
  emailSubject: 'Reset your ElderCare password',
  emailBody: (name: string, username: string, link: string) =>
    `Hello ${name},\n\n` +
    `Someone (we hope you) asked to reset the password of the ElderCare account "${username}".\n\n` +
    `To choose a new password, open this link within 30 minutes:\n\n${link}\n\n` +
    'The link works once. Using it signs the account out everywhere it is signed in.\n\n' +
    'If you did not ask for this, ignore this message: nothing changes and your password stays the same.\n',
  // The link (GET /api/users/password-reset/{token}, POST .../confirm).
  linkInvalid:
    'This password reset link is not valid: it may have expired or been used already. Ask for a new one.',
  tokenRequired: 'The reset link is missing its token',
  passwordReset: 'Your password has been reset. Log in with your new password.',
  // The admin's link (POST /api/users/{id}/password-reset-link).
  inactiveAccount: 'This account is deactivated: reactivate it before making a reset link.',
  // The screens.
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot your password?',
  forgotIntro:
    'Enter your username or the email address of your account. We will send a link to choose a new password.',
  usernameOrEmail: 'Username or email',
  sendLink: 'Send the link',
  sending: 'Sending…',
  checkEmail: 'Check your email',
  noEmailHint:
    'No email after a few minutes? Look in your spam folder, or ask your agency’s administrator for a password reset link.',
  backToLogin: 'Back to login',
  resetTitle: 'Choose a new password',
  resetFor: (username: string) => `For the account ${username}.`,
  newPassword: 'New password',
  passwordHint: 'At least 8 characters, and not a very common password.',
  confirmPassword: 'Confirm new password',
  passwordsDiffer: 'The passwords do not match',
  savePassword: 'Save the new password',
  checkingLink: 'Checking the link…',
  askNewLink: 'Ask for a new link',
  sessionsEnd: 'Saving signs the account out on every device.',
  errorResetting: 'Error resetting the password',
  // The Users screen.
  resetLinkAction: 'Reset link',
  resetLinkAria: (username: string) => `Make a password reset link for ${username}`,
  resetLinkTitle: (username: string) => `Password reset link for ${username}`,
  resetLinkConfirm: (username: string) =>
    `Make a link that lets whoever opens it choose a new password for ${username}? Give it only to that person.`,
  resetLinkMake: 'Make the link',
  resetLinkExpires: (when: string) => `The link works once, until ${when}.`,
  resetLinkSessions:
    'When it is used, every session of this account ends and the old password stops working.',
  copy: 'Copy',
  copied: 'Link copied',
  close: 'Close',
  cancel: 'Cancel',
  errorMakingLink: 'Error making the reset link',
} as const;

/** Two-factor sign-in with an authenticator app (TOTP) and recovery codes. */
export const twoFactorTexts = {
  adminOffAction: 'Turn off two-factor',
  adminOffTitle: (username: string) => `Turn off two-factor sign-in for ${username}?`,
  adminOffMessage:
    'Do this only for someone who lost both their phone and their recovery codes, after checking who they are. They will sign in with their password alone until they turn it on again.',
  adminOffDone: (username: string) => `Two-factor sign-in is off for ${username}`,
  title: 'Two-factor sign-in',
  intro:
    'Ask for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) when you sign in, as well as your password.',
  isOn: 'Two-factor sign-in is on.',
  isOff: 'Two-factor sign-in is off.',
  codesLeft: (n: number) => `${n} recovery ${n === 1 ? 'code' : 'codes'} left.`,
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  newCodes: 'New recovery codes',
  scan: 'Scan this QR code with your authenticator app, or type in the key below.',
  qrAlt: 'QR code for your authenticator app',
  manualKey: 'Key',
  codeLabel: 'Code from the app',
  confirm: 'Confirm',
  cancel: 'Cancel',
  back: 'Back',
  saveCodes:
    'Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
  copy: 'Copy',
  download: 'Download',
  print: 'Print',
  copied: 'Recovery codes copied',
  saved: 'I have saved them',
  passwordLabel: 'Password',
  turnOffConfirm: 'Turn off two-factor sign-in? Enter your password to confirm.',
  newCodesConfirm:
    'Make new recovery codes? The old ones stop working. Enter your password to confirm.',
  turnedOn: 'Two-factor sign-in is on',
  turnedOff: 'Two-factor sign-in is off',
  setupRequired:
    'Your agency asks staff with admin or supervisor rights to turn on two-factor sign-in. Turn it on under Two-factor sign-in.',
  enterCode: 'Enter the code from your authenticator app',
  enterRecoveryCode: 'Enter one of your recovery codes',
  recoveryCodeLabel: 'Recovery code',
  useRecoveryCode: 'Use a recovery code',
  useAppCode: 'Use a code from the app',
  verify: 'Verify',
  codeRequired: 'Enter the 6-digit code.',
  codeFormat: 'The code is 6 digits, or a recovery code such as abcd-2345.',
  codeWrong: 'That code did not work. Check the app and try again.',
  notStarted: 'Start turning on two-factor sign-in first.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  challengeInvalid: 'The sign-in has expired. Log in again.',
  passwordWrong: 'The password is not right.',
  adminTurnOff: 'Turn off two-factor',
  adminTurnedOff: 'Two-factor sign-in turned off for this user',
} as const;

/** The private calendar feed (iCalendar) of the Profile, and the words inside the feed. */
export const calendarFeedTexts = {
  title: 'Calendar feed',
  intro:
    'See your appointments and visits in your phone’s calendar app: make a private link, then add it to the app as a subscribed calendar (by URL). It shows the past and next 60 days and updates by itself.',
  privacy:
    'Anyone who has the link can see these times, so keep it to yourself. If you shared it by mistake, make a new link or turn the feed off.',
  staffPrivacy: 'Events show only patient initials and the place, never clinical details.',
  off: 'You have no calendar feed.',
  on: (createdAt: string) => `Your calendar feed is on. Link made ${createdAt}.`,
  lastUsed: (at: string) => `Last fetched by a calendar app ${at}.`,
  neverUsed: 'No calendar app has fetched it yet.',
  create: 'Make a calendar link',
  rotate: 'Make a new link',
  turnOff: 'Turn off',
  urlLabel: 'Calendar link',
  copy: 'Copy link',
  copied: 'Calendar link copied',
  copyFailed: 'Could not copy: select the link and copy it yourself.',
  shownOnce:
    'This link is shown only now. Copy it into your calendar app; if you lose it, make a new one.',
  created: 'Calendar link made',
  rotateTitle: 'Make a new calendar link?',
  rotateBody:
    'The old link stops working at once: calendars that use it stop updating until you add the new one.',
  turnOffTitle: 'Turn off the calendar feed?',
  turnOffBody:
    'The link stops working at once and calendars that use it stop updating. You can make a new link later.',
  turnedOff: 'Calendar feed turned off',
  cancel: 'Cancel',
  errorLoading: 'Could not load your calendar feed.',
  errorSaving: 'Could not change your calendar feed.',
  retry: 'Try again',
  noFeed: 'There is no calendar feed to turn off.',
  // Inside the .ics: no clinical details, only initials and places for staff.
  calendarName: 'ElderCare System',
  appointmentWith: (doctor: string) => `Appointment with Dr ${doctor}`,
  appointmentFor: (initials: string) => `Appointment: ${initials}`,
  visitTo: (initials: string) => `Visit: ${initials}`,
} as const;

/** Importing an agency's existing patients (CSV or a FHIR R4 Bundle), with a dry run. */
export const importTexts = {
  title: 'Import patients',
  intro:
    "Bring an agency's existing patients in from a CSV file or a FHIR R4 Bundle (JSON). Check the file first: nothing is saved until you import.",
  allOrNothing: 'Nothing is imported if any row has a problem.',
  csvHelp: 'A CSV file has one patient per row and a header row with these columns (in any order):',
  csvDates: 'Dates of birth are written YYYY-MM-DD. The file may be up to 10 MB.',
  fhirHelp:
    'A FHIR Bundle may hold Patient resources with their RelatedPerson (emergency contact), AllergyIntolerance and Condition resources.',
  duplicatesHelp:
    'A patient with the same first name, last name and date of birth as one already in the agency, or as an earlier row of the file, is a duplicate and is not imported.',
  template: 'Download a CSV template',
  chooseFile: 'Choose a file',
  noFile: 'No file chosen',
  dropHere: 'or drop a file here',
  chosen: (name: string) => `Chosen: ${name}`,
  check: 'Check file',
  checking: 'Checking…',
  importButton: (n: number) => `Import ${n} ${n === 1 ? 'patient' : 'patients'}`,
  importing: 'Importing…',
  confirmTitle: 'Import patients?',
  confirmBody: (patients: number, allergies: number, conditions: number) =>
    `${patients} ${patients === 1 ? 'patient' : 'patients'}, ${allergies} ${allergies === 1 ? 'allergy' : 'allergies'} and ${conditions} ${conditions === 1 ? 'condition' : 'conditions'} will be added in one step.`,
  confirm: 'Import',
  cancel: 'Cancel',
  imported: (n: number) => `${n} ${n === 1 ? 'patient' : 'patients'} imported`,
  toPatients: 'Go to the patients list',
  summaryTitle: 'What the file holds',
  summary: (patients: number, allergies: number, conditions: number) =>
    `Would add ${patients} ${patients === 1 ? 'patient' : 'patients'}, ${allergies} ${allergies === 1 ? 'allergy' : 'allergies'} and ${conditions} ${conditions === 1 ? 'condition' : 'conditions'}.`,
  doneSummary: (patients: number, allergies: number, conditions: number) =>
    `Added ${patients} ${patients === 1 ? 'patient' : 'patients'}, ${allergies} ${allergies === 1 ? 'allergy' : 'allergies'} and ${conditions} ${conditions === 1 ? 'condition' : 'conditions'}.`,
  fixFirst: 'Fix these problems in the file and check it again.',
  problemsTitle: 'Problems',
  duplicatesTitle: 'Duplicates (not imported)',
  patientsTitle: 'Patients in the file',
  columnRow: 'Row',
  columnField: 'Column or field',
  columnMessage: 'Problem',
  columnName: 'Name',
  columnDob: 'Date of birth',
  columnStatus: 'Status',
  columnAllergies: 'Allergies',
  columnConditions: 'Conditions',
  columnDuplicateOf: 'Already in',
  statusNew: 'To import',
  statusDuplicate: 'Duplicate',
  statusProblem: 'Has a problem',
  inAgency: 'the agency',
  inFileRow: (row: number) => `row ${row} of the file`,
  nothingToImport: 'There is no new patient to import.',
  errorChecking: 'Could not check the file.',
  // The server's answers.
  fileRequired: 'Choose a CSV or FHIR JSON file to import.',
  fileTooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  fileEmpty: 'The file is empty.',
  notUtf8: 'The file is not UTF-8 text. Save it as UTF-8 (CSV UTF-8) and try again.',
  malformedJson: 'The file is not valid JSON.',
  notBundle: 'The JSON file is not a FHIR Bundle (its resourceType must be "Bundle").',
  noEntries: 'The Bundle has no entries.',
  noPatients: 'The file holds no patient.',
  tooManyRows: (max: number) =>
    `The file has more than ${max} patients. Split it into smaller files.`,
  hasProblems: 'Nothing was imported: the file has problems. Check it again to see them.',
  csvUnreadable: (line: number) =>
    `The CSV cannot be read from line ${line} (a quote is not closed, or a cell is broken).`,
  missingColumn: (column: string) => `The column "${column}" is missing from the header row.`,
  unknownColumn: (column: string) => `"${column}" is not a column this import knows.`,
  repeatedColumn: (column: string) => `The column "${column}" appears twice in the header row.`,
  cellCount: (cells: number, expected: number) =>
    `This row has ${cells} cells; the header has ${expected}.`,
  formula:
    'This cell starts with =, +, -, @ or a tab, which spreadsheet apps run as a formula. Remove that first character.',
  entryNotObject: 'This entry has no resource.',
  unsupportedResource: (type: string) =>
    `${type} is not imported: use Patient, RelatedPerson, AllergyIntolerance or Condition.`,
  missingResourceType: 'This resource has no resourceType.',
  referenceMissing: 'This must refer to a Patient of the Bundle.',
  referenceUnknown: (reference: string) => `No Patient of the Bundle is "${reference}".`,
  nameMissing: 'A name with a given and a family name is required.',
  codeMissing: 'code.text or a coding display is required.',
  notText: 'This must be text.',
  skippedResource: (type: string) =>
    `${type} is left out: only patients, emergency contacts, allergies and conditions are imported.`,
  skippedTitle: 'Left out of the import',
  duplicateInAgency: 'Already in the agency (same name and date of birth): not imported.',
  duplicateInFile: (row: number) =>
    `Same name and date of birth as row ${row} of the file: not imported.`,
} as const;

/** CSV downloads of lists (the button every list's toolbar shows) and the MAR's CSV columns. */
export const csvTexts = {
  download: 'Download CSV',
  downloading: 'Preparing CSV…',
  /** The button's accessible name: "Download CSV of Patients". */
  downloadOf: (list: string) => `Download CSV of ${list}`,
  failed: 'The CSV could not be downloaded. Please try again.',
  marColumns: {
    medication: 'Medication',
    dosage: 'Dosage',
    route: 'Route',
    instructions: 'Instructions',
    time: 'Time',
  },
  /** The MAR's PRN doses: the time column says "PRN 14:05", the day column who gave it. */
  prnTime: (time: string) => `PRN ${time}`,
  prnInstructions: (reason: string) => (reason ? `As needed: ${reason}` : 'As needed'),
};

/** FHIR R4 export: the chart's download and the administrators' agency export screen. */
export const fhirTexts = {
  downloadRecord: 'Download FHIR record',
  agencyTitle: 'Agency export',
  agencyIntro:
    "Every patient's data as FHIR R4, one NDJSON file per resource type (FHIR Bulk Data style). Deleted records are left out. Each download is recorded in the audit log.",
  loadingManifest: 'Counting the records…',
  manifestFailed: 'The list of files could not be loaded.',
  typeColumn: 'Resource type',
  countColumn: 'Resources',
  fileColumn: 'File',
  download: 'Download',
  downloadType: (type: string) => `Download ${type}.ndjson`,
  downloadAll: 'Download all',
  downloading: 'Downloading…',
  progressLabel: (type: string) => `Downloading ${type}.ndjson`,
  progress: (done: number, total: number) =>
    `${done.toLocaleString('en')} of ${total.toLocaleString('en')} resources`,
  fileDone: (type: string, count: number) =>
    `${type}.ndjson downloaded: ${count.toLocaleString('en')} resources.`,
  allDone: (files: number) => `All ${files} files downloaded.`,
  failed: (type: string, reason: string) => `${type}.ndjson could not be downloaded: ${reason}`,
  cancelled: 'The download was stopped.',
  cancel: 'Stop',
} as const;

/** Texts of reading offline: the age of the data a screen shows, and what was never saved. */
export const offlineReadTexts = {
  /** A screen's read that has never succeeded on this device, asked with no connection. */
  notAvailable: 'Not available offline: open this screen once with a connection.',
  offlineSavedAt: (time: string, ago: string) =>
    `Offline — showing what was saved at ${time} (${ago}).`,
  refreshFailedSavedAt: (time: string, ago: string) =>
    `Could not refresh — showing what was saved at ${time} (${ago}).`,
  ago: (minutes: number) => {
    if (minutes < 1) return 'just now';
    if (minutes < 60) return `${minutes} min ago`;
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
    return `${Math.floor(hours / 24)} days ago`;
  },
} as const;

/**
 * Texts of changes recorded on the device while it had no connection (the offline queue), the
 * offline banner, the Unsent changes list and the warning on signing out.
 */
export const offlineTexts = {
  offline:
    'You are offline. What you record is kept on this phone and sent when the connection returns.',
  waitingCount: (count: number) => `${count} ${count === 1 ? 'change' : 'changes'} waiting to send`,
  backOnline: (sent: number) => `Back online. ${sent} ${sent === 1 ? 'change' : 'changes'} sent.`,
  refusedCount: (count: number) =>
    `${count} ${count === 1 ? 'change' : 'changes'} could not be sent — see why`,
  openUnsent: 'Unsent changes',
  queued: 'Saved on this device; it will be sent when the connection returns.',
  waitingToSend: 'Waiting to send',
  notSent: 'Not sent',
  sending: 'Sending…',
  checkedInWaiting: (time: string) => `Checked in at ${time} (waiting to send)`,
  checkedOutWaiting: (time: string) => `Checked out at ${time} (waiting to send)`,
  prnWaiting: (time: string) => `Given at ${time} (waiting to send)`,
  unsentTitle: 'Unsent changes',
  unsentIntro:
    'Changes recorded on this phone that the server has not received yet. Those waiting are sent by themselves when the connection returns.',
  unsentEmpty: 'Every change has been sent.',
  recordedAt: (time: string) => `Recorded ${time}`,
  refusedReason: (reason: string) => `Not saved: ${reason}`,
  sendNow: 'Send now',
  close: 'Close',
  dismiss: 'Remove',
  dismissAction: (label: string) => `Remove the unsent change: ${label}`,
  dismissTitle: 'Remove this change?',
  dismissMessage: 'Remove this change? It was not saved on the server.',
  signOutTitle: 'Changes not sent yet',
  signOutWarning: (count: number) =>
    `${count === 1 ? '1 change has' : `${count} changes have`} not been sent yet. They stay on this phone and are sent the next time you sign in. Sign out anyway?`,
  signOutAnyway: 'Sign out',
  stayIn: 'Stay signed in',
  // What each queued change says in the list: "Paracetamol 500 mg, 08:00, Helen Gardner: given".
  doseLabel: (medicine: string, time: string, patient: string, outcome: string) =>
    `${medicine}, ${time}, ${patient}: ${outcome.toLowerCase()}`,
  prnLabel: (medicine: string, patient: string) => `${medicine} as needed, ${patient}: given`,
  checkInLabel: (patient: string, time: string) => `Check-in, ${patient}, visit ${time}`,
  checkOutLabel: (patient: string, time: string) => `Check-out, ${patient}, visit ${time}`,
  progressReportLabel: (patient: string, when: string, summary: string) =>
    `Progress report, ${patient}, ${when}: ${summary.length > 80 ? `${summary.slice(0, 79)}…` : summary}`,
  vitalSignLabel: (patient: string, when: string) => `Vital signs reading, ${patient}, ${when}`,
  patientNumber: (id: number) => `patient ${id}`,
  kindLabels: {
    dose: 'Dose',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    progressReport: 'Progress report',
    vitalSign: 'Vital signs',
  },
} as const;

/** The server's answers about changes sent from a device's offline queue (shared/offline.ts). */
export const offlineWriteTexts = {
  keyInvalid:
    'The idempotency key must be 1 to 100 letters, digits, hyphens or underscores (a UUID).',
  keyOnOtherRoute:
    'This idempotency key was already used for a different change. Send each change with its own key.',
  keyInUse: 'This change is already being recorded. Please try again in a moment.',
  alreadyRecorded: 'This change was already recorded.',
  recordedAtInvalid:
    'The time this was recorded on the device must be a date and time with its time zone (ISO 8601).',
  recordedAtInFuture:
    "The time this was recorded on the device is later than the server's time. Check the phone's clock.",
  recordedAtTooOld:
    'The time this was recorded on the device is more than 7 days ago. Changes kept offline that long are not accepted; please record it again.',
  /** The audit screen's words for a change sent from the queue. */
  recordedOfflineAt: (time: string) => `Recorded offline at ${time}`,
} as const;
