/** Every appointment query starts with this key, so one invalidation refreshes them all. */
export const appointmentsKey = ['appointments'] as const;
