/** Query keys of the audit screens. */
export const auditKeys = {
  log: ['audit'] as const,
  accessLog: (patientId: number | null) => ['access-log', patientId] as const,
};
