/** Query key of the signed-in user's calendar feed (whether on, since when, last fetched). */
export const calendarFeedKey = ['profile', 'calendar-feed'] as const;

/** The call of one's own calendar feed (GET status, POST make or rotate, DELETE turn off). */
export const calendarFeedPath = '/api/calendar-feed';
