/**
 * Our rows as FHIR R4 resources: pure functions, no database. Every resource has a stable id
 * made from ours (`Patient/123`, `Observation/vital-456-bp`), and references are relative
 * (`Patient/123`), the same in a patient's bundle and in the agency's NDJSON files.
 */
import { visitTexts } from '../../../shared/messages.ts';
import type { FhirResourceType } from '../../../shared/schemas/fhir.ts';

/** A FHIR resource as JSON: its type, its id, and the elements of that type. */
export interface FhirResource {
  resourceType: FhirResourceType;
  id: string;
  [element: string]: unknown;
}

const UCUM = 'http://unitsofmeasure.org';
const LOINC = 'http://loinc.org';
const SNOMED = 'http://snomed.info/sct';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const VITALSIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';

const ref = (type: FhirResourceType, id: string | number) => ({ reference: `${type}/${id}` });
const patientRef = (patientId: number) => ref('Patient', patientId);
const practitionerRef = (userId: number) => ref('Practitioner', userId);

/** A text element only when there is something to say (FHIR refuses empty strings). */
const text = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Drops absent elements, so no resource carries `undefined`, null or an empty list. */
function clean<T extends Record<string, unknown>>(resource: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(resource)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as T;
}

/** A plain text as an attachment: base64 of its UTF-8 bytes. */
const textAttachment = (title: string, body: string) => ({
  contentType: 'text/plain; charset=utf-8',
  language: 'en',
  data: Buffer.from(body, 'utf8').toString('base64'),
  title,
});

// ---------------------------------------------------------------------------------------------
// Rows, as the export's queries answer them: instants are ISO strings in UTC, days YYYY-MM-DD.

export interface PatientRow {
  id: number;
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  address: string;
  phoneNumber: string;
  emergencyContact: string;
  emergencyContactPhone: string;
  noKnownAllergiesAt: string | null;
  updatedAt: string;
}

export interface PractitionerRow {
  id: number;
  firstName: string;
  secondName: string;
  role: string;
  isActive: boolean;
}

export interface CareTeamRow {
  patientId: number;
  members: { userId: number; role: string }[];
}

export interface AppointmentRow {
  id: number;
  patientId: number;
  doctorId: number;
  start: string;
  end: string;
  durationMinutes: number;
  location: string;
  status: string;
  cancelReason: string | null;
  createdAt: string;
}

export interface VisitRow {
  id: number;
  patientId: number;
  caregiverId: number | null;
  plannedStart: string;
  plannedEnd: string;
  checkInAt: string | null;
  checkOutAt: string | null;
  serviceType: string;
  status: string;
  cancelReason: string | null;
}

export interface ConditionRow {
  id: number;
  patientId: number;
  name: string;
  onset: string | null;
  status: string;
  note: string;
  createdAt: string;
}

export interface AllergyRow {
  id: number;
  patientId: number;
  substance: string;
  reaction: string;
  onset: string | null;
  status: string;
  createdAt: string;
}

export interface PrescriptionRow {
  id: number;
  patientId: number;
  doctorId: number;
  date: string;
  medication: string;
  dosage: string;
  duration: string;
  details: string;
  route: string | null;
  instructions: string;
  schedule: string | null;
  startDate: string | null;
  endDate: string | null;
  doseTimes: string[] | null;
  weekdays: number[] | null;
  prnMinIntervalMinutes: number | null;
  prnMaxPerDay: number | null;
  /** Today in UTC (YYYY-MM-DD), to tell an active prescription from an ended one. */
  today: string;
}

export interface DoseRow {
  id: number;
  patientId: number;
  prescriptionId: number;
  /** False when the prescription is deleted: the dose keeps its medicine but links nothing. */
  prescriptionLive: boolean;
  medication: string;
  details: string;
  dosage: string;
  outcome: string;
  givenAt: string | null;
  doseTime: string;
  reason: string | null;
  prnReason: string;
  note: string;
}

export interface MedicationLogRow {
  id: number;
  patientId: number;
  date: string;
  details: string;
}

export interface VitalSignRow {
  id: number;
  patientId: number;
  takenAt: string;
  systolic: number | null;
  diastolic: number | null;
  pulse: number | null;
  respiratoryRate: number | null;
  temperatureC: number | null;
  spo2: number | null;
  glucoseMmolL: number | null;
  weightKg: number | null;
  pain: number | null;
  note: string;
}

export interface ProgressReportRow {
  id: number;
  patientId: number;
  caregiverId: number;
  reportId: string;
  date: string;
  summary: string;
  recommendations: string;
  overallHealth: string | null;
  createdAt: string;
}

export interface MedicalRecordRow {
  id: number;
  patientId: number;
  doctorId: number;
  dateOfVisit: string;
  location: string;
  diagnosis: string;
  treatmentPlan: string;
  notes: string;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------

const genders: Record<string, string> = { male: 'male', female: 'female', other: 'other' };

export function toPatient(row: PatientRow): FhirResource {
  return clean({
    resourceType: 'Patient' as const,
    id: String(row.id),
    meta: { lastUpdated: row.updatedAt },
    identifier: [{ system: 'urn:eldercare:patient', value: String(row.id) }],
    active: true,
    name: [clean({ use: 'official', family: text(row.lastName), given: [row.firstName] })],
    telecom: text(row.phoneNumber)
      ? [{ system: 'phone', value: text(row.phoneNumber), use: 'home' }]
      : undefined,
    gender: genders[row.gender.trim().toLowerCase()] ?? 'unknown',
    birthDate: row.dob,
    address: text(row.address) ? [{ use: 'home', text: text(row.address) }] : undefined,
  });
}

/** The emergency contact, or nothing when none is written down. */
export function toRelatedPerson(row: PatientRow): FhirResource[] {
  const name = text(row.emergencyContact);
  if (!name) return [];
  return [
    clean({
      resourceType: 'RelatedPerson' as const,
      id: `emergency-${row.id}`,
      active: true,
      patient: patientRef(row.id),
      relationship: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v2-0131',
              code: 'C',
              display: 'Emergency Contact',
            },
          ],
        },
      ],
      name: [{ text: name }],
      telecom: text(row.emergencyContactPhone)
        ? [{ system: 'phone', value: text(row.emergencyContactPhone) }]
        : undefined,
    }),
  ];
}

export function toPractitioner(row: PractitionerRow): FhirResource {
  return clean({
    resourceType: 'Practitioner' as const,
    id: String(row.id),
    active: row.isActive,
    name: [
      clean({
        family: text(row.secondName),
        given: text(row.firstName) ? [row.firstName] : undefined,
      }),
    ],
  });
}

const memberRole = (role: string) =>
  role === 'doctor'
    ? [
        {
          coding: [{ system: SNOMED, code: '158965000', display: 'Medical practitioner' }],
          text: 'Doctor',
        },
      ]
    : [{ text: role === 'caregiver' ? 'Caregiver' : 'Care team member' }];

export function toCareTeam(row: CareTeamRow): FhirResource {
  return clean({
    resourceType: 'CareTeam' as const,
    id: `careteam-${row.patientId}`,
    status: 'active',
    name: 'Care team',
    subject: patientRef(row.patientId),
    participant: row.members.map((member) => ({
      role: memberRole(member.role),
      member: practitionerRef(member.userId),
    })),
  });
}

const appointmentStatus: Record<string, string> = {
  scheduled: 'booked',
  completed: 'fulfilled',
  'no-show': 'noshow',
  cancelled: 'cancelled',
};

export function toAppointment(row: AppointmentRow): FhirResource {
  const status = appointmentStatus[row.status] ?? 'booked';
  return clean({
    resourceType: 'Appointment' as const,
    id: String(row.id),
    status,
    cancelationReason:
      status === 'cancelled' && text(row.cancelReason)
        ? { text: text(row.cancelReason) }
        : undefined,
    description: text(row.location) ? `Location: ${text(row.location)}` : undefined,
    start: row.start,
    end: row.end,
    minutesDuration: row.durationMinutes,
    created: row.createdAt,
    participant: [
      { actor: patientRef(row.patientId), required: 'required', status: 'accepted' },
      { actor: practitionerRef(row.doctorId), required: 'required', status: 'accepted' },
    ],
  });
}

const encounterStatus: Record<string, string> = {
  planned: 'planned',
  'in-progress': 'in-progress',
  completed: 'finished',
  missed: 'cancelled',
  cancelled: 'cancelled',
};

/** A visit's service type as its Encounter's type text: the words the screens show. */
const serviceTypes: Record<string, string> = visitTexts.serviceTypeLabels;

/** A caregiver's visit: a home-health encounter, planned or as it happened. */
export function toEncounter(row: VisitRow): FhirResource {
  const start = row.checkInAt ?? row.plannedStart;
  const end = row.checkInAt ? (row.checkOutAt ?? undefined) : row.plannedEnd;
  return clean({
    resourceType: 'Encounter' as const,
    id: `visit-${row.id}`,
    status: encounterStatus[row.status] ?? 'unknown',
    class: {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      code: 'HH',
      display: 'home health',
    },
    type: [{ text: serviceTypes[row.serviceType] ?? row.serviceType }],
    subject: patientRef(row.patientId),
    participant:
      row.caregiverId == null ? undefined : [{ individual: practitionerRef(row.caregiverId) }],
    period: clean({ start, end }),
    reasonCode:
      row.status === 'missed'
        ? [{ text: 'Missed: not checked in by the planned end' }]
        : row.status === 'cancelled' && text(row.cancelReason)
          ? [{ text: `Cancelled: ${text(row.cancelReason)}` }]
          : undefined,
  });
}

const clinicalStatus = (system: string, status: string) => ({
  coding: [{ system, code: status === 'resolved' ? 'resolved' : 'active' }],
});

export function toCondition(row: ConditionRow): FhirResource {
  return clean({
    resourceType: 'Condition' as const,
    id: String(row.id),
    clinicalStatus: clinicalStatus(
      'http://terminology.hl7.org/CodeSystem/condition-clinical',
      row.status,
    ),
    verificationStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
          code: 'confirmed',
        },
      ],
    },
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-category',
            code: 'problem-list-item',
          },
        ],
      },
    ],
    code: { text: row.name },
    subject: patientRef(row.patientId),
    onsetDateTime: row.onset ?? undefined,
    recordedDate: row.createdAt,
    note: text(row.note) ? [{ text: text(row.note) }] : undefined,
  });
}

export function toAllergyIntolerance(row: AllergyRow): FhirResource {
  return clean({
    resourceType: 'AllergyIntolerance' as const,
    id: String(row.id),
    clinicalStatus: clinicalStatus(
      'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
      row.status,
    ),
    verificationStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
          code: 'confirmed',
        },
      ],
    },
    code: { text: row.substance },
    patient: patientRef(row.patientId),
    onsetDateTime: row.onset ?? undefined,
    recordedDate: row.createdAt,
    reaction: text(row.reaction) ? [{ manifestation: [{ text: text(row.reaction) }] }] : undefined,
  });
}

/** "No known allergies", as a doctor recorded it. */
export function toNoKnownAllergies(row: PatientRow): FhirResource[] {
  if (!row.noKnownAllergiesAt) return [];
  return [
    {
      resourceType: 'AllergyIntolerance',
      id: `nka-${row.id}`,
      clinicalStatus: clinicalStatus(
        'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
        'active',
      ),
      verificationStatus: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
            code: 'confirmed',
          },
        ],
      },
      code: {
        coding: [{ system: SNOMED, code: '716186003', display: 'No known allergy' }],
        text: 'No known allergies',
      },
      patient: patientRef(row.id),
      recordedDate: row.noKnownAllergiesAt,
    },
  ];
}

const isoWeekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const routes: Record<string, string> = {
  oral: 'Oral',
  topical: 'Topical',
  inhaled: 'Inhaled',
  injection: 'Injection',
  other: 'Other',
};

const medicineOf = (row: { medication: string; details: string; dosage?: string }) =>
  text(row.medication) ?? text(row.details) ?? 'Medication';

/** The prescription's schedule as a dosage: times of day and days, or as needed with limits. */
function dosageOf(row: PrescriptionRow) {
  const words = [text(row.dosage), text(row.duration), text(row.instructions)].filter(Boolean);
  const bounds =
    row.startDate != null
      ? clean({ start: row.startDate, end: row.endDate ?? undefined })
      : undefined;
  let timing: Record<string, unknown> | undefined;
  let asNeeded: boolean | undefined;
  let maxDosePerPeriod: Record<string, unknown> | undefined;
  if (row.schedule === 'fixed') {
    timing = {
      repeat: clean({
        boundsPeriod: bounds,
        timeOfDay: (row.doseTimes ?? []).map((time) => `${time}:00`),
        dayOfWeek: row.weekdays?.map((day) => isoWeekdays[day - 1]).filter(Boolean),
      }),
    };
  } else if (row.schedule === 'prn') {
    asNeeded = true;
    if (bounds) timing = { repeat: { boundsPeriod: bounds } };
    if (row.prnMaxPerDay != null) {
      maxDosePerPeriod = {
        numerator: { value: row.prnMaxPerDay },
        denominator: { value: 1, unit: 'day', system: UCUM, code: 'd' },
      };
    }
    if (row.prnMinIntervalMinutes != null) {
      words.push(`At least ${row.prnMinIntervalMinutes} minutes between doses`);
    }
  }
  return clean({
    text: words.length > 0 ? words.join('; ') : undefined,
    timing,
    asNeededBoolean: asNeeded,
    route: row.route ? { text: routes[row.route] ?? row.route } : undefined,
    maxDosePerPeriod,
  });
}

export function toMedicationRequest(row: PrescriptionRow): FhirResource {
  const ended = row.endDate != null && row.endDate < row.today;
  const dosage = dosageOf(row);
  return clean({
    resourceType: 'MedicationRequest' as const,
    id: String(row.id),
    status: ended ? 'completed' : 'active',
    intent: 'order',
    medicationCodeableConcept: { text: medicineOf(row) },
    subject: patientRef(row.patientId),
    authoredOn: row.date,
    requester: practitionerRef(row.doctorId),
    note: text(row.details) && text(row.medication) ? [{ text: text(row.details) }] : undefined,
    dosageInstruction: Object.keys(dosage).length > 0 ? [dosage] : undefined,
  });
}

const notGivenReasons: Record<string, string> = {
  asleep: 'Asleep',
  absent: 'Absent',
  'in-hospital': 'In hospital',
  nausea: 'Nausea',
  'out-of-stock': 'Out of stock',
  withheld: 'Withheld',
  other: 'Other',
};

/** A dose's outcome: given (late or not) is completed; refused and not given are not-done. */
export function toDoseAdministration(row: DoseRow): FhirResource {
  const given = row.outcome === 'given' || row.outcome === 'given-late';
  const statusReason =
    row.outcome === 'refused'
      ? [{ text: 'Refused by the patient' }]
      : row.outcome === 'not-given'
        ? [{ text: notGivenReasons[row.reason ?? ''] ?? 'Not given' }]
        : undefined;
  const notes = [
    given && text(row.dosage) ? `Dose: ${text(row.dosage)}` : undefined,
    row.outcome === 'given-late' ? 'Given after its window' : undefined,
    text(row.prnReason) ? `As needed: ${text(row.prnReason)}` : undefined,
    text(row.note),
  ].filter(Boolean);
  return clean({
    resourceType: 'MedicationAdministration' as const,
    id: `dose-${row.id}`,
    status: given ? 'completed' : 'not-done',
    statusReason,
    medicationCodeableConcept: { text: medicineOf(row) },
    subject: patientRef(row.patientId),
    effectiveDateTime: (given ? row.givenAt : null) ?? row.doseTime,
    request: row.prescriptionLive ? ref('MedicationRequest', row.prescriptionId) : undefined,
    // Our dose is a text ("1 tablet"): FHIR's dosage needs a quantity (mad-1), so it is a note.
    note: notes.map((note) => ({ text: note })),
  });
}

/** An entry of the medication log that records no scheduled dose: a medicine given. */
export function toLogAdministration(row: MedicationLogRow): FhirResource {
  return {
    resourceType: 'MedicationAdministration',
    id: `medication-${row.id}`,
    status: 'completed',
    medicationCodeableConcept: { text: text(row.details) ?? 'Medication' },
    subject: patientRef(row.patientId),
    effectiveDateTime: row.date,
  };
}

interface VitalDefinition {
  key: string;
  loinc: { code: string; display: string }[];
  text: string;
  profile: string;
  unit: string;
  ucum: string;
  category: 'vital-signs' | 'laboratory' | 'survey';
}

/** Each measurement of a reading, with its LOINC code and UCUM unit (vital-signs profile). */
const vitalDefinitions: Record<
  'pulse' | 'respiratoryRate' | 'temperatureC' | 'spo2' | 'weightKg' | 'glucoseMmolL' | 'pain',
  VitalDefinition
> = {
  pulse: {
    key: 'hr',
    loinc: [{ code: '8867-4', display: 'Heart rate' }],
    text: 'Heart rate',
    profile: 'heartrate',
    unit: 'beats/minute',
    ucum: '/min',
    category: 'vital-signs',
  },
  respiratoryRate: {
    key: 'rr',
    loinc: [{ code: '9279-1', display: 'Respiratory rate' }],
    text: 'Respiratory rate',
    profile: 'resprate',
    unit: 'breaths/minute',
    ucum: '/min',
    category: 'vital-signs',
  },
  temperatureC: {
    key: 'temp',
    loinc: [{ code: '8310-5', display: 'Body temperature' }],
    text: 'Body temperature',
    profile: 'bodytemp',
    unit: 'C',
    ucum: 'Cel',
    category: 'vital-signs',
  },
  spo2: {
    key: 'spo2',
    loinc: [
      { code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
      {
        code: '59408-5',
        display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
      },
    ],
    text: 'Oxygen saturation',
    profile: 'oxygensat',
    unit: '%',
    ucum: '%',
    category: 'vital-signs',
  },
  weightKg: {
    key: 'weight',
    loinc: [{ code: '29463-7', display: 'Body weight' }],
    text: 'Body weight',
    profile: 'bodyweight',
    unit: 'kg',
    ucum: 'kg',
    category: 'vital-signs',
  },
  // Stored in mmol/L: the moles-per-volume code, so the value leaves exactly as measured.
  glucoseMmolL: {
    key: 'glucose',
    loinc: [{ code: '15074-8', display: 'Glucose [Moles/volume] in Blood' }],
    text: 'Blood glucose',
    profile: '',
    unit: 'mmol/L',
    ucum: 'mmol/L',
    category: 'laboratory',
  },
  pain: {
    key: 'pain',
    loinc: [
      {
        code: '72514-3',
        display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
      },
    ],
    text: 'Pain score',
    profile: '',
    unit: '{score}',
    ucum: '{score}',
    category: 'survey',
  },
};

const categoryOf = (code: VitalDefinition['category']) => [
  {
    coding: [
      {
        system: OBSERVATION_CATEGORY,
        code,
        display:
          code === 'vital-signs' ? 'Vital Signs' : code === 'laboratory' ? 'Laboratory' : 'Survey',
      },
    ],
    text: code === 'vital-signs' ? 'Vital Signs' : undefined,
  },
];

const quantity = (value: number, unit: string, code: string) => ({
  value,
  unit,
  system: UCUM,
  code,
});

/** How many Observations a reading makes: one per measurement it holds (blood pressure one). */
export const observationsPerReadingSql = `((systolic is not null)::int + (pulse is not null)::int
  + (respiratory_rate is not null)::int + (temperature_c is not null)::int
  + (spo2 is not null)::int + (weight_kg is not null)::int
  + (glucose_mmol_l is not null)::int + (pain is not null)::int)`;

/** A reading: one Observation per measurement, blood pressure as one panel of two components. */
export function toObservations(row: VitalSignRow): FhirResource[] {
  const common = (key: string, definition: Pick<VitalDefinition, 'category' | 'profile'>) => ({
    resourceType: 'Observation' as const,
    id: `vital-${row.id}-${key}`,
    meta:
      definition.category === 'vital-signs'
        ? {
            profile: definition.profile
              ? [
                  VITALSIGNS_PROFILE,
                  `http://hl7.org/fhir/StructureDefinition/${definition.profile}`,
                ]
              : [VITALSIGNS_PROFILE],
          }
        : undefined,
    status: 'final',
    category: categoryOf(definition.category),
  });
  const after = {
    subject: patientRef(row.patientId),
    effectiveDateTime: row.takenAt,
    note: text(row.note) ? [{ text: text(row.note) }] : undefined,
  };
  const out: FhirResource[] = [];
  if (row.systolic != null && row.diastolic != null) {
    out.push(
      clean({
        // It has the `bp` profile's two coded components too, but claims only the general
        // profile: the tests' validator cannot evaluate that profile's nested slices.
        ...common('bp', { category: 'vital-signs', profile: '' }),
        code: {
          coding: [{ system: LOINC, code: '85354-9', display: 'Blood pressure panel' }],
          text: 'Blood pressure',
        },
        ...after,
        component: [
          {
            code: {
              coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }],
            },
            valueQuantity: quantity(row.systolic, 'mmHg', 'mm[Hg]'),
          },
          {
            code: {
              coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }],
            },
            valueQuantity: quantity(row.diastolic, 'mmHg', 'mm[Hg]'),
          },
        ],
      }),
    );
  }
  for (const [column, definition] of Object.entries(vitalDefinitions) as [
    keyof typeof vitalDefinitions,
    VitalDefinition,
  ][]) {
    const value = row[column];
    if (value == null) continue;
    out.push(
      clean({
        ...common(definition.key, definition),
        code: {
          coding: definition.loinc.map((code) => ({ system: LOINC, ...code })),
          text: definition.text,
        },
        ...after,
        valueQuantity: quantity(Number(value), definition.unit, definition.ucum),
      }),
    );
  }
  return out;
}

const documentType = (code: string, display: string) => ({
  coding: [{ system: LOINC, code, display }],
  text: display,
});

/**
 * A caregiver's progress report as a DocumentReference: a note written as a whole, kept as a
 * text attachment (summary, recommendations, overall health).
 */
export function toProgressReportDocument(row: ProgressReportRow): FhirResource {
  const body = [
    `Summary: ${row.summary}`,
    `Recommendations: ${row.recommendations}`,
    text(row.overallHealth) ? `Overall health: ${text(row.overallHealth)}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');
  return clean({
    resourceType: 'DocumentReference' as const,
    id: `progress-report-${row.id}`,
    identifier: [{ system: 'urn:eldercare:progress-report', value: row.reportId }],
    status: 'current',
    type: documentType('11506-3', 'Progress note'),
    subject: patientRef(row.patientId),
    date: row.createdAt,
    author: [practitionerRef(row.caregiverId)],
    description: `Progress report ${row.reportId}`,
    content: [{ attachment: textAttachment(`Progress report ${row.reportId}`, body) }],
    context: { period: { start: row.date } },
  });
}

/** A doctor's medical record of a visit (diagnosis, treatment plan, notes) as a DocumentReference. */
export function toMedicalRecordDocument(row: MedicalRecordRow): FhirResource {
  const body = [
    `Location: ${row.location}`,
    `Diagnosis: ${row.diagnosis}`,
    `Treatment plan: ${row.treatmentPlan}`,
    text(row.notes) ? `Notes: ${text(row.notes)}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');
  return clean({
    resourceType: 'DocumentReference' as const,
    id: `medical-record-${row.id}`,
    status: 'current',
    type: documentType('34109-9', 'Note'),
    subject: patientRef(row.patientId),
    date: row.createdAt,
    author: [practitionerRef(row.doctorId)],
    description: `Medical record: ${row.diagnosis}`.slice(0, 200),
    content: [{ attachment: textAttachment('Medical record', body) }],
    context: { period: { start: row.dateOfVisit } },
  });
}
