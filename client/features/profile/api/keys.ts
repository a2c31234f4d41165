/** Query keys of the profile screen. */
export const profileKeys = {
  detail: (username: string) => ['profile', username] as const,
};

/** The profile call of a user (GET and PUT). */
export const profilePath = (username: string) =>
  `/api/users/username/${encodeURIComponent(username)}`;

/** Query keys of "Where you're signed in". */
export const sessionKeys = {
  mine: ['sessions', 'me'] as const,
};
