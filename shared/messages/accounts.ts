/**
 * The texts of accounts: agency accounts, invitations, sessions, password resets, two-factor,
 * calendar feeds.
 */
import { forgotPasswordLink, twoFactorSetupRequired } from './core.ts';

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
  forgotLink: forgotPasswordLink,
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
  setupRequired: twoFactorSetupRequired,
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
