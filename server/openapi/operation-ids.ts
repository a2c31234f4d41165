/**
 * The OpenAPI operation id of every hand-written route, by method and path as registered. A route
 * may instead set `schema.operationId` itself (the clinical record routes derive theirs from the
 * registry in record-routes.ts); that one wins. `server/openapi.test.ts` fails on any documented
 * route with neither, on a duplicate, and on an entry here that no route has.
 *
 * Ids are camelCase verb + noun and stable: clients generated from the document use them as
 * function names, so a renamed id breaks them.
 */
export const operationIds: Readonly<Record<string, string>> = {
  'GET /api/health': 'getHealth',
  'GET /api/session': 'getSession',

  // Accounts
  'POST /api/users/register': 'registerUser',
  'POST /api/users/login': 'login',
  'POST /api/users/login/two-factor': 'loginWithTwoFactor',
  'POST /api/users/logout': 'logout',
  'GET /api/users/sign-up-status': 'getSignUpStatus',
  'GET /api/users/me': 'getCurrentUser',
  'PUT /api/users/me/password': 'changePassword',
  'GET /api/users/me/settings': 'getMySettings',
  'PUT /api/users/me/settings': 'updateMySettings',
  'GET /api/users/username/:username': 'getProfile',
  'PUT /api/users/username/:username': 'updateProfile',
  'GET /api/users': 'listUsers',
  'PATCH /api/users/:id': 'updateUser',
  'POST /api/invitations': 'createInvitation',
  'GET /api/invitations': 'listInvitations',
  'DELETE /api/invitations/:id': 'revokeInvitation',
  'GET /api/invitations/accept/:token': 'getInvitation',
  'POST /api/invitations/accept': 'acceptInvitation',
  'POST /api/users/password-reset': 'requestPasswordReset',
  'GET /api/users/password-reset/:token': 'checkPasswordResetLink',
  'POST /api/users/password-reset/confirm': 'confirmPasswordReset',
  'POST /api/users/password-reset-link/:id': 'createPasswordResetLink',
  'GET /api/users/me/two-factor': 'getTwoFactorStatus',
  'POST /api/users/me/two-factor/setup': 'startTwoFactorSetup',
  'POST /api/users/me/two-factor/enable': 'enableTwoFactor',
  'POST /api/users/me/two-factor/disable': 'disableTwoFactor',
  'POST /api/users/me/two-factor/recovery-codes': 'renewRecoveryCodes',
  'POST /api/users/:id/two-factor/disable': 'disableUserTwoFactor',
  'GET /api/users/me/sessions': 'listMySessions',
  'DELETE /api/users/me/sessions/:id': 'endMySession',
  'POST /api/users/me/sessions/end-others': 'endMyOtherSessions',
  'GET /api/users/sessions/:id': 'listUserSessions',
  'POST /api/users/sessions/:id/end': 'endUserSessions',
  'GET /api/directory': 'getDirectory',

  // Patients and their chart
  'GET /api/patients': 'listPatients',
  'POST /api/patients': 'createPatient',
  'GET /api/patients/:id': 'getPatient',
  'PUT /api/patients/:id': 'updatePatient',
  'DELETE /api/patients/:id': 'deletePatient',
  'POST /api/patients/:id/restore': 'restorePatient',
  'GET /api/patients/:id/care-team': 'listCareTeam',
  'POST /api/patients/:id/care-team': 'addCareTeamMember',
  'DELETE /api/patients/:id/care-team/:userId': 'removeCareTeamMember',
  'PUT /api/patients/:id/account': 'linkPatientAccount',
  'DELETE /api/patients/:id/account': 'unlinkPatientAccount',
  'GET /api/patients/:id/chart': 'getPatientChart',
  'GET /api/patients/:id/timeline': 'getPatientTimeline',
  'GET /api/patients/:id/vital-series': 'getVitalSeries',
  'GET /api/patients/:id/vital-ranges': 'getVitalRanges',
  'PUT /api/patients/:id/vital-ranges': 'updateVitalRanges',
  'PUT /api/patients/:id/allergy-status': 'setAllergyStatus',
  'GET /api/patients/:id/access-log': 'listPatientAccessLog',

  // Medication rounds
  'GET /api/doses/due': 'listDueDoses',
  'GET /api/doses/summary': 'getDoseSummary',
  'GET /api/patients/:id/doses': 'getPatientDoseDay',
  'GET /api/patients/:id/mar': 'getMedicationAdministrationRecord',

  // Visits, rota and timesheets
  'GET /api/visits/mine': 'listMyVisits',
  'GET /api/rota': 'getRota',
  'GET /api/rota/day': 'getRotaDay',
  'GET /api/patients/:id/visits': 'listPatientVisitsInPeriod',
  'POST /api/visits/cancel/:id': 'cancelVisit',
  'POST /api/visits/check-in/:id': 'checkInToVisit',
  'POST /api/visits/check-out/:id': 'checkOutOfVisit',
  'PUT /api/visits/times/:id': 'correctVisitTimes',
  'GET /api/timesheets': 'getTimesheet',
  'GET /api/timesheets/summary': 'getTimesheetSummary',
  'GET /api/timesheets/export': 'exportTimesheet',

  // Appointments
  'GET /api/appointments': 'listAppointments',
  'POST /api/appointments': 'createAppointment',
  'GET /api/appointments/doctor/:doctorId': 'listAppointmentsForDoctor',
  'GET /api/appointments/patient/:patientId': 'listAppointmentsForPatient',
  'GET /api/appointments/:id': 'getAppointment',
  'PUT /api/appointments/:id': 'updateAppointment',
  'DELETE /api/appointments/:id': 'deleteAppointment',
  'POST /api/appointments/status/:id': 'setAppointmentStatus',
  'POST /api/appointments/cancel/:id': 'cancelAppointment',
  'POST /api/appointments/restore/:id': 'restoreAppointment',

  // Reminders and notifications
  'GET /api/reminders': 'listReminders',
  'POST /api/reminders': 'createReminder',
  'PUT /api/reminders/:id': 'updateReminder',
  'DELETE /api/reminders/:id': 'deleteReminder',
  'GET /api/notifications': 'listNotifications',
  'GET /api/notifications/unread-count': 'getUnreadNotificationCount',
  'POST /api/notifications/:id/dismiss': 'dismissNotification',
  'GET /api/notifications/stream': 'streamNotifications',

  // Administration
  'GET /api/audit': 'listAuditLog',
  'GET /api/agency-settings': 'getAgencySettings',
  'PUT /api/agency-settings': 'updateAgencySettings',
  'GET /api/deleted-records': 'listDeletedRecords',
};
