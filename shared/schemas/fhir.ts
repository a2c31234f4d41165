import { z } from 'zod';

/**
 * The FHIR R4 resource types the exports write, in the order the agency export lists its files
 * (and a patient's bundle its entries).
 */
export const fhirResourceTypes = [
  'Patient',
  'RelatedPerson',
  'Practitioner',
  'CareTeam',
  'Appointment',
  'Encounter',
  'Condition',
  'AllergyIntolerance',
  'MedicationRequest',
  'MedicationAdministration',
  'Observation',
  'DocumentReference',
] as const;
export type FhirResourceType = (typeof fhirResourceTypes)[number];

/** The path parameter of one bulk file: `Observation.ndjson`. */
export const fhirExportFileParamsSchema = z.object({
  file: z
    .string()
    .max(100, 'The file must be one of the listed resource types, such as Patient.ndjson.')
    .transform((value) => value.replace(/\.ndjson$/, ''))
    .pipe(
      z.enum(fhirResourceTypes, {
        message: `The file must be one of: ${fhirResourceTypes.map((t) => `${t}.ndjson`).join(', ')}.`,
      }),
    ),
});

/** The agency export's manifest: one NDJSON file per resource type, with its count. */
export const fhirExportManifestSchema = z.object({
  transactionTime: z.string(),
  output: z.array(
    z.object({
      type: z.enum(fhirResourceTypes),
      url: z.string(),
      count: z.number().int().nonnegative(),
    }),
  ),
});
export type FhirExportManifest = z.infer<typeof fhirExportManifestSchema>;
