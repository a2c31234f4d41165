/** The reminders', notifications' and deleted records' texts. */
import { deletedRecordsAdminOnly } from './core.ts';

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

/** The most unread notifications the bell's badge counts; above it shows "99+". */
export const BELL_MAX = 99;

/** Texts of the notifications (page, bell, browser notifications) that the seed does not name. */
export const notificationTexts = {
  title: 'Notifications',
  empty: 'You have no notifications at the moment.',
  dismiss: 'Dismiss',
  open: 'Open',
  showMore: 'Show more',
  /** Says what the badge shows (at most "99+"), so the visible text is part of the name. */
  bellLabel: (count: number) =>
    `Notifications, ${count > BELL_MAX ? `${BELL_MAX}+` : count} unread`,
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
  adminOnly: deletedRecordsAdminOnly,
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
