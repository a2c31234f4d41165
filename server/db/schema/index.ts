export * from './users.ts';
export * from './patients.ts';
export * from './audit.ts';
export * from './appointments.ts';
export * from './clinical.ts';
export * from './reminders.ts';
export * from './medication-rounds.ts';
export * from './visits.ts';
