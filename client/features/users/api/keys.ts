/** Query keys of the users screen: invalidating `all` refreshes every page of the list. */
export const userKeys = {
  all: ['users'] as const,
};

/** A user's live sessions, for the admin's "End sessions" (under `all`: refreshed with the list). */
export const userSessionKeys = {
  of: (id: number) => [...userKeys.all, id, 'sessions'] as const,
};
