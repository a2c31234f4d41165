import { z } from 'zod';

export const notificationKinds = [
  'reminder',
  'appointment',
  'progress-report',
  'prescription',
  'vital-sign',
  'dose',
  'visit',
  'system',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.number(),
  message: z.string(),
  kind: z.enum(notificationKinds),
  /** The screen the notification is about, e.g. /patient-appointments. */
  link: z.string().nullable(),
  /** ISO 8601 in UTC. */
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * The events of GET /api/notifications/stream (Server-Sent Events):
 * - `notification`: a new notification of the signed-in user (data: a Notification; its id is
 *   the event's `id`, so a reconnecting browser's Last-Event-ID replays what it missed);
 * - `dismissed`: one was dismissed, in any tab or device (data: {id});
 * - `resync`: more was missed than the server replays: reload the notifications.
 * Comments (`: ping`) keep the connection open through proxies.
 */
export const streamEventNames = ['notification', 'dismissed', 'resync'] as const;
export type StreamEventName = (typeof streamEventNames)[number];
export const dismissedEventSchema = z.object({ id: z.number() });
export type DismissedEvent = z.infer<typeof dismissedEventSchema>;
