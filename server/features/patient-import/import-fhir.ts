import { importTexts } from '../../../shared/messages.ts';
import type { ImportProblem } from '../../../shared/schemas/patient-import.ts';
import { refuseFile, type ParsedFile, type RawPatient, type RawRecord } from './import-file.ts';

/**
 * Reads a FHIR R4 Bundle (any Bundle.type) of Patient resources, with RelatedPerson (the
 * emergency contact), AllergyIntolerance and Condition resources linked to them by reference:
 * `Patient/x` (resolved against the patients' ids) or the entry's fullUrl (`urn:uuid:...` or
 * an absolute URL). Entries are numbered by their index in `Bundle.entry`, and each value is
 * reported by its FHIR path.
 *
 * Mapping: Patient.name (official first) → first (given names) and last (family) name;
 * birthDate → date of birth; gender male/female/other → Male/Female/Other, unknown → Other;
 * address[0] → address (its text, or its lines, city, postal code and country); the first
 * phone of telecom → phone number; the emergency contact is a RelatedPerson of the patient
 * (relationship C or EP first) or else the patient's own `contact`. AllergyIntolerance.code and
 * Condition.code: their text, else a coding's display. clinicalStatus active, recurrence and
 * relapse → active; inactive, remission and resolved → resolved; absent → active. onset:
 * onsetDateTime or onsetPeriod.start (the day). An allergy's reaction: its manifestations,
 * then its severity and a high criticality in words (our allergy has no field of its own for
 * them). A Condition's notes join its note. "No known allergy" codes (SNOMED 716186003,
 * 409137002, 428607008) record no known allergies. Resources marked entered-in-error or
 * refuted are left out; resource types that are not imported (Observation, Encounter...) are
 * listed as left out, not as problems.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objects = (value: unknown): Json[] => list(value).filter(isObject);
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Resource types we read, and those a record system's export holds that we leave out. */
const IMPORTED = new Set(['Patient', 'RelatedPerson', 'AllergyIntolerance', 'Condition']);
const LEFT_OUT = new Set([
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'Location',
  'CareTeam',
  'Appointment',
  'Encounter',
  'EpisodeOfCare',
  'Medication',
  'MedicationRequest',
  'MedicationAdministration',
  'MedicationStatement',
  'Observation',
  'Procedure',
  'Immunization',
  'DiagnosticReport',
  'DocumentReference',
  'Composition',
  'Provenance',
  'Coverage',
  'Device',
  'Goal',
  'CarePlan',
  'ServiceRequest',
]);

const NO_KNOWN_ALLERGY = new Set(['716186003', '409137002', '428607008']);
const ACTIVE = new Set(['active', 'recurrence', 'relapse']);
const RESOLVED = new Set(['inactive', 'remission', 'resolved']);
const genders: Record<string, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  unknown: 'Other',
};

const entryPath = (index: number) => `Bundle.entry[${index}].resource`;

/** A CodeableConcept's words: its text, else the first coding's display. */
function conceptText(concept: unknown): string | undefined {
  if (!isObject(concept)) return undefined;
  return (
    textOf(concept.text) ??
    objects(concept.coding)
      .map((coding) => textOf(coding.display))
      .find(Boolean)
  );
}

const codes = (concept: unknown): string[] =>
  isObject(concept)
    ? objects(concept.coding)
        .map((coding) => coding.code)
        .filter((code): code is string => typeof code === 'string')
    : [];

/** A clinical status as ours: absent is active (the default); a code we do not keep is kept
 * as it is, so the record's own schema refuses it with its message. */
function statusOf(concept: unknown): string | undefined {
  const [code] = codes(concept);
  if (code === undefined) return undefined;
  if (ACTIVE.has(code)) return 'active';
  if (RESOLVED.has(code)) return 'resolved';
  return code;
}

const leftOutVerification = (resource: Json) =>
  codes(resource.verificationStatus).some(
    (code) => code === 'entered-in-error' || code === 'refuted',
  );

/** The onset as a day: onsetDateTime or onsetPeriod.start, cut to YYYY-MM-DD when a time follows. */
function onsetOf(resource: Json): { value: unknown; path: string } {
  const start = isObject(resource.onsetPeriod) ? resource.onsetPeriod.start : undefined;
  if (resource.onsetDateTime !== undefined) {
    return { value: dayOf(resource.onsetDateTime), path: 'onsetDateTime' };
  }
  return { value: dayOf(start), path: 'onsetPeriod.start' };
}
const dayOf = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;

function nameOf(resource: Json): { given?: string; family?: string; text?: string; index: number } {
  const names = objects(resource.name);
  let index = names.findIndex((name) => name.use === 'official');
  if (index < 0) index = 0;
  const name = names[index];
  if (!name) return { index: 0 };
  const given = list(name.given)
    .filter((part): part is string => typeof part === 'string')
    .join(' ');
  return {
    given: textOf(given),
    family: textOf(name.family),
    text: textOf(name.text),
    index,
  };
}

function phoneOf(resource: Json): { value?: string; path: string } {
  const telecom = objects(resource.telecom);
  const index = telecom.findIndex((t) => t.system === 'phone' && textOf(t.value));
  return index < 0
    ? { path: 'telecom' }
    : { value: telecom[index]!.value as string, path: `telecom[${index}].value` };
}

function addressOf(resource: Json): string | undefined {
  const address = objects(resource.address)[0];
  if (!address) return undefined;
  if (textOf(address.text)) return address.text as string;
  const parts = [
    ...list(address.line),
    address.city,
    address.district,
    address.state,
    address.postalCode,
    address.country,
  ].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

const personName = (name: ReturnType<typeof nameOf>) =>
  name.text ?? ([name.given, name.family].filter(Boolean).join(' ') || undefined);

interface Entry {
  index: number;
  resource: Json;
  type: string;
}

export function parsePatientsBundle(text: string): ParsedFile {
  let bundle: unknown;
  try {
    bundle = JSON.parse(text);
  } catch {
    throw refuseFile(importTexts.malformedJson);
  }
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') {
    throw refuseFile(importTexts.notBundle);
  }
  const rawEntries = list(bundle.entry);
  if (rawEntries.length === 0) throw refuseFile(importTexts.noEntries);

  const problems: ImportProblem[] = [];
  const skipped: ImportProblem[] = [];
  const entries: Entry[] = [];
  rawEntries.forEach((entry, index) => {
    const resource = isObject(entry) ? entry.resource : undefined;
    if (!isObject(resource)) {
      problems.push({
        row: index,
        field: `Bundle.entry[${index}]`,
        message: importTexts.entryNotObject,
      });
      return;
    }
    const type = resource.resourceType;
    const path = `${entryPath(index)}.resourceType`;
    if (typeof type !== 'string' || type === '') {
      problems.push({ row: index, field: path, message: importTexts.missingResourceType });
    } else if (IMPORTED.has(type)) {
      entries.push({ index, resource, type });
    } else if (LEFT_OUT.has(type)) {
      skipped.push({ row: index, field: path, message: importTexts.skippedResource(type) });
    } else {
      problems.push({
        row: index,
        field: path,
        message: importTexts.unsupportedResource(type.slice(0, 100)),
      });
    }
  });

  // Patients first, reachable by `Patient/<id>` and by their entry's fullUrl.
  const patients: RawPatient[] = [];
  const byReference = new Map<string, RawPatient>();
  for (const { index, resource, type } of entries) {
    if (type !== 'Patient') continue;
    const path = entryPath(index);
    const name = nameOf(resource);
    const phone = phoneOf(resource);
    const gender = resource.gender;
    const contact = objects(resource.contact)[0];
    const patient: RawPatient = {
      row: index,
      values: {
        firstName: name.given,
        lastName: name.family,
        dob: resource.birthDate,
        gender: typeof gender === 'string' ? (genders[gender.toLowerCase()] ?? gender) : undefined,
        address: addressOf(resource),
        phoneNumber: phone.value,
        emergencyContact: contact ? personName(nameOf({ name: [contact.name] })) : undefined,
        emergencyContactPhone: contact ? phoneOf(contact).value : undefined,
      },
      where: (field) =>
        ({
          firstName: `${path}.name[${name.index}].given`,
          lastName: `${path}.name[${name.index}].family`,
          dob: `${path}.birthDate`,
          gender: `${path}.gender`,
          address: `${path}.address[0]`,
          phoneNumber: `${path}.${phone.path}`,
          emergencyContact: `${path}.contact[0].name (or a RelatedPerson's name)`,
          emergencyContactPhone: `${path}.contact[0].telecom (or a RelatedPerson's telecom)`,
        })[field] ?? `${path}.${field}`,
      allergies: [],
      conditions: [],
      noKnownAllergies: false,
    };
    patients.push(patient);
    if (typeof resource.id === 'string' && resource.id !== '') {
      byReference.set(`Patient/${resource.id}`, patient);
    }
    const fullUrl = isObject(rawEntries[index]) ? rawEntries[index].fullUrl : undefined;
    if (typeof fullUrl === 'string' && fullUrl !== '') byReference.set(fullUrl, patient);
  }

  const patientOf = (resource: Json, field: string, index: number): RawPatient | null => {
    const path = `${entryPath(index)}.${field}.reference`;
    const link = resource[field];
    const reference = isObject(link) ? link.reference : undefined;
    if (typeof reference !== 'string' || reference === '') {
      problems.push({ row: index, field: path, message: importTexts.referenceMissing });
      return null;
    }
    const found =
      byReference.get(reference) ?? byReference.get(/(Patient\/[^/]+)$/.exec(reference)?.[1] ?? '');
    if (!found) {
      problems.push({
        row: index,
        field: path,
        message: importTexts.referenceUnknown(reference.slice(0, 200)),
      });
      return null;
    }
    return found;
  };

  const emergency = new Map<RawPatient, { index: number; resource: Json; rank: number }>();
  for (const { index, resource, type } of entries) {
    const path = entryPath(index);
    if (type === 'RelatedPerson') {
      const patient = patientOf(resource, 'patient', index);
      if (!patient) continue;
      const relationship = objects(resource.relationship).flatMap(codes);
      const rank = relationship.includes('C') || relationship.includes('EP') ? 0 : 1;
      const current = emergency.get(patient);
      if (!current || rank < current.rank) emergency.set(patient, { index, resource, rank });
      continue;
    }
    if (type === 'AllergyIntolerance') {
      const patient = patientOf(resource, 'patient', index);
      if (!patient || leftOutVerification(resource)) continue;
      if (codes(resource.code).some((code) => NO_KNOWN_ALLERGY.has(code))) {
        patient.noKnownAllergies = true;
        continue;
      }
      const reactions = objects(resource.reaction);
      const manifestations = reactions
        .flatMap((reaction) => list(reaction.manifestation))
        .map(conceptText)
        .filter(Boolean);
      const severity = reactions
        .map((reaction) => reaction.severity)
        .find((value) => typeof value === 'string');
      const reaction = [
        manifestations.join(', '),
        severity ? `${severity as string} reaction` : '',
        resource.criticality === 'high' ? 'high criticality' : '',
      ]
        .filter(Boolean)
        .join('; ');
      const status = statusOf(resource.clinicalStatus);
      const onset = onsetOf(resource);
      patient.allergies.push(
        record(
          index,
          {
            substance: conceptText(resource.code),
            reaction,
            onset: onset.value,
            status,
          },
          {
            substance: `${path}.code`,
            reaction: `${path}.reaction`,
            onset: `${path}.${onset.path}`,
            status: `${path}.clinicalStatus`,
          },
        ),
      );
      continue;
    }
    if (type === 'Condition') {
      const patient = patientOf(resource, 'subject', index);
      if (!patient || leftOutVerification(resource)) continue;
      const status = statusOf(resource.clinicalStatus);
      const onset = onsetOf(resource);
      const note = objects(resource.note)
        .map((n) => textOf(n.text))
        .filter(Boolean)
        .join('\n');
      patient.conditions.push(
        record(
          index,
          {
            name: conceptText(resource.code),
            onset: onset.value,
            status,
            note,
          },
          {
            name: `${path}.code`,
            onset: `${path}.${onset.path}`,
            status: `${path}.clinicalStatus`,
            note: `${path}.note`,
          },
        ),
      );
    }
  }

  for (const [patient, { index, resource }] of emergency) {
    const path = entryPath(index);
    const phone = phoneOf(resource);
    const name = nameOf(resource);
    patient.values.emergencyContact = personName(name);
    patient.values.emergencyContactPhone = phone.value;
    const own = patient.where;
    patient.where = (field) =>
      field === 'emergencyContact'
        ? `${path}.name[${name.index}]`
        : field === 'emergencyContactPhone'
          ? `${path}.${phone.path}`
          : own(field);
  }

  return { format: 'fhir', patients, problems, skipped };
}

function record(
  index: number,
  values: Record<string, unknown>,
  paths: Record<string, string>,
): RawRecord {
  return { row: index, values, where: (field) => paths[field] ?? `${entryPath(index)}.${field}` };
}
