/**
 * The address of a patient's FHIR R4 bundle (GET /api/patients/{id}/fhir). Followed by a link
 * with `download`: the session cookie goes with it and the server names the file.
 */
export const patientFhirUrl = (patientId: number): string => `/api/patients/${patientId}/fhir`;
