/** The visits' texts: visits, the coordinator's day and a caregiver's day (the rota and timesheets: rota.ts). */

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
  showMore: (more: number, hidden: number) =>
    more >= hidden
      ? `Show the other ${hidden}`
      : `Show ${more} more (${hidden.toLocaleString('en-GB')} not shown)`,
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
