/** Default font size: 16, or 18 for caregivers (the seed's constants), unless the user saved one. */
export const defaultFontSize = (role: string): number => (role === 'caregiver' ? 18 : 16);
