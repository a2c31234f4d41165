/** Query keys of the settings screen. */
export const settingsKeys = {
  stored: ['settings'] as const,
  /** The agency's own settings (time zone, dose windows): one for the whole agency. */
  agency: ['agency-settings'] as const,
};
