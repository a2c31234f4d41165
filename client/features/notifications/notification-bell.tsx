/** The bell with the unread count, shown in the top bar. */
export function NotificationBell() {
  return null;
}
