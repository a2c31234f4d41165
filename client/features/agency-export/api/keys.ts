/** Query keys of the agency export. */
export const agencyExportKeys = {
  /** The manifest: the files and their counts (GET /api/fhir/export). */
  manifest: ['fhir-export', 'manifest'] as const,
};
