/** Query keys of the settings screen. */
export const settingsKeys = {
  stored: ['settings'] as const,
};
