import { offlineNotice } from './core.ts';

/** The texts of working offline. */

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
  offline: offlineNotice,
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
