/** The texts every screen may show: validation, notices, API errors, the connection, access and account texts. */

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

/**
 * The offline notice (offlineTexts.offline names it too): here, so that the connection notice's
 * first line can show from the first download, before the rest of the notice's code has come.
 */
export const offlineNotice =
  'You are offline. What you record is kept on this phone and sent when the connection returns.';

/** The notice that a new version of the app has been downloaded and waits for a reload. */
export const appUpdateTexts = {
  ready: 'A new version of ElderCare is ready.',
  reload: 'Reload',
} as const;

/** The pages of a list (the wording of MUI's own table pagination, which lists had before). */
export const pagerTexts = {
  rowsPerPage: 'Rows per page:',
  previous: 'Go to previous page',
  next: 'Go to next page',
  /** "1–25 of 1,234", or "of more than 1,025" when the total is a lower bound. */
  shown: (from: number, to: number, total: number, capped: boolean) =>
    `${from}–${to} of ${capped ? 'more than ' : ''}${total.toLocaleString('en-US')}`,
} as const;

/** A screen opened by its address by someone whose work it is not part of. */
export const screenAccessTexts = {
  title: 'Not available',
  refused: 'This screen is not part of your work in ElderCare.',
  toDashboard: 'Go to your dashboard',
} as const;

/**
 * The texts of the login form that belong to the password reset and two-step sign-in
 * (passwordResetTexts and twoFactorTexts in accounts.ts name them too): here, so /login's first
 * download carries these two and not every account screen's texts. Those objects take the plain
 * strings, not `loginTexts.forgotLink`: the bundler keeps a module whose top level reads a property
 * of an import (it might be a getter) wherever the barrel shared/messages.ts is imported.
 */
export const forgotPasswordLink = 'Forgot password?';
export const twoFactorSetupRequired =
  'Your agency asks staff with admin or supervisor rights to turn on two-factor sign-in. Turn it on under Two-factor sign-in.';
export const loginTexts = { forgotLink: forgotPasswordLink, twoFactorSetupRequired } as const;

/**
 * What an admin-only screen says to anyone else. Here rather than with each screen's texts
 * (accountTexts, auditTexts, deletedRecordTexts take the plain strings, as loginTexts' do): the
 * screen registry (client/app/navigation.ts) names them, and it is part of every page's first
 * download, which should not carry the texts of the screens themselves.
 */
export const usersAdminOnly = 'Only administrators can manage users.';
export const auditAdminOnly = 'Only administrators can read the audit log.';
export const deletedRecordsAdminOnly = 'Only administrators can restore deleted records.';
export const adminOnlyTexts = {
  users: usersAdminOnly,
  audit: auditAdminOnly,
  deletedRecords: deletedRecordsAdminOnly,
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
  adminOnly: usersAdminOnly,
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
