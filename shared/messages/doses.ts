/** The medication texts: doses, the agency's windows, the MAR, schedules, rounds and the dose log. */

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
