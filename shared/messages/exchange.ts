/** The texts of data in and out: patient import, CSV and FHIR. */

/** Importing an agency's existing patients (CSV or a FHIR R4 Bundle), with a dry run. */
export const importTexts = {
  title: 'Import patients',
  intro:
    "Bring an agency's existing patients in from a CSV file or a FHIR R4 Bundle (JSON). Check the file first: nothing is saved until you import.",
  allOrNothing: 'Nothing is imported if any row has a problem.',
  csvHelp: 'A CSV file has one patient per row and a header row with these columns (in any order):',
  csvDates: 'Dates of birth are written YYYY-MM-DD. The file may be up to 10 MB.',
  fhirHelp:
    'A FHIR Bundle may hold Patient resources with their RelatedPerson (emergency contact), AllergyIntolerance and Condition resources.',
  duplicatesHelp:
    'A patient with the same first name, last name and date of birth as one already in the agency, or as an earlier row of the file, is a duplicate and is not imported.',
  template: 'Download a CSV template',
  chooseFile: 'Choose a file',
  noFile: 'No file chosen',
  dropHere: 'or drop a file here',
  chosen: (name: string) => `Chosen: ${name}`,
  check: 'Check file',
  checking: 'Checking…',
  importButton: (n: number) => `Import ${n} ${n === 1 ? 'patient' : 'patients'}`,
  importing: 'Importing…',
  confirmTitle: 'Import patients?',
  confirmBody: (patients: number, allergies: number, conditions: number) =>
    `${patients} ${patients === 1 ? 'patient' : 'patients'}, ${allergies} ${allergies === 1 ? 'allergy' : 'allergies'} and ${conditions} ${conditions === 1 ? 'condition' : 'conditions'} will be added in one step.`,
  confirm: 'Import',
  cancel: 'Cancel',
  imported: (n: number) => `${n} ${n === 1 ? 'patient' : 'patients'} imported`,
  toPatients: 'Go to the patients list',
  summaryTitle: 'What the file holds',
  summary: (patients: number, allergies: number, conditions: number) =>
    `Would add ${patients} ${patients === 1 ? 'patient' : 'patients'}, ${allergies} ${allergies === 1 ? 'allergy' : 'allergies'} and ${conditions} ${conditions === 1 ? 'condition' : 'conditions'}.`,
  doneSummary: (patients: number, allergies: number, conditions: number) =>
    `Added ${patients} ${patients === 1 ? 'patient' : 'patients'}, ${allergies} ${allergies === 1 ? 'allergy' : 'allergies'} and ${conditions} ${conditions === 1 ? 'condition' : 'conditions'}.`,
  fixFirst: 'Fix these problems in the file and check it again.',
  problemsTitle: 'Problems',
  duplicatesTitle: 'Duplicates (not imported)',
  patientsTitle: 'Patients in the file',
  columnRow: 'Row',
  columnField: 'Column or field',
  columnMessage: 'Problem',
  columnName: 'Name',
  columnDob: 'Date of birth',
  columnStatus: 'Status',
  columnAllergies: 'Allergies',
  columnConditions: 'Conditions',
  columnDuplicateOf: 'Already in',
  statusNew: 'To import',
  statusDuplicate: 'Duplicate',
  statusProblem: 'Has a problem',
  inAgency: 'the agency',
  inFileRow: (row: number) => `row ${row} of the file`,
  nothingToImport: 'There is no new patient to import.',
  errorChecking: 'Could not check the file.',
  // The server's answers.
  fileRequired: 'Choose a CSV or FHIR JSON file to import.',
  fileTooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  fileEmpty: 'The file is empty.',
  notUtf8: 'The file is not UTF-8 text. Save it as UTF-8 (CSV UTF-8) and try again.',
  malformedJson: 'The file is not valid JSON.',
  notBundle: 'The JSON file is not a FHIR Bundle (its resourceType must be "Bundle").',
  noEntries: 'The Bundle has no entries.',
  noPatients: 'The file holds no patient.',
  tooManyRows: (max: number) =>
    `The file has more than ${max} patients. Split it into smaller files.`,
  hasProblems: 'Nothing was imported: the file has problems. Check it again to see them.',
  csvUnreadable: (line: number) =>
    `The CSV cannot be read from line ${line} (a quote is not closed, or a cell is broken).`,
  missingColumn: (column: string) => `The column "${column}" is missing from the header row.`,
  unknownColumn: (column: string) => `"${column}" is not a column this import knows.`,
  repeatedColumn: (column: string) => `The column "${column}" appears twice in the header row.`,
  cellCount: (cells: number, expected: number) =>
    `This row has ${cells} cells; the header has ${expected}.`,
  formula:
    'This cell starts with =, +, -, @ or a tab, which spreadsheet apps run as a formula. Remove that first character.',
  entryNotObject: 'This entry has no resource.',
  unsupportedResource: (type: string) =>
    `${type} is not imported: use Patient, RelatedPerson, AllergyIntolerance or Condition.`,
  missingResourceType: 'This resource has no resourceType.',
  referenceMissing: 'This must refer to a Patient of the Bundle.',
  referenceUnknown: (reference: string) => `No Patient of the Bundle is "${reference}".`,
  nameMissing: 'A name with a given and a family name is required.',
  codeMissing: 'code.text or a coding display is required.',
  notText: 'This must be text.',
  skippedResource: (type: string) =>
    `${type} is left out: only patients, emergency contacts, allergies and conditions are imported.`,
  skippedTitle: 'Left out of the import',
  duplicateInAgency: 'Already in the agency (same name and date of birth): not imported.',
  duplicateInFile: (row: number) =>
    `Same name and date of birth as row ${row} of the file: not imported.`,
} as const;

/** CSV downloads of lists (the button every list's toolbar shows) and the MAR's CSV columns. */
export const csvTexts = {
  download: 'Download CSV',
  downloading: 'Preparing CSV…',
  /** The button's accessible name: "Download CSV of Patients". */
  downloadOf: (list: string) => `Download CSV of ${list}`,
  failed: 'The CSV could not be downloaded. Please try again.',
  marColumns: {
    medication: 'Medication',
    dosage: 'Dosage',
    route: 'Route',
    instructions: 'Instructions',
    time: 'Time',
  },
  /** The MAR's PRN doses: the time column says "PRN 14:05", the day column who gave it. */
  prnTime: (time: string) => `PRN ${time}`,
  prnInstructions: (reason: string) => (reason ? `As needed: ${reason}` : 'As needed'),
};

/** FHIR R4 export: the chart's download and the administrators' agency export screen. */
export const fhirTexts = {
  downloadRecord: 'Download FHIR record',
  agencyTitle: 'Agency export',
  agencyIntro:
    "Every patient's data as FHIR R4, one NDJSON file per resource type (FHIR Bulk Data style). Deleted records are left out. Each download is recorded in the audit log.",
  loadingManifest: 'Counting the records…',
  manifestFailed: 'The list of files could not be loaded.',
  typeColumn: 'Resource type',
  countColumn: 'Resources',
  fileColumn: 'File',
  download: 'Download',
  downloadType: (type: string) => `Download ${type}.ndjson`,
  downloadAll: 'Download all',
  downloading: 'Downloading…',
  progressLabel: (type: string) => `Downloading ${type}.ndjson`,
  progress: (done: number, total: number) =>
    `${done.toLocaleString('en')} of ${total.toLocaleString('en')} resources`,
  fileDone: (type: string, count: number) =>
    `${type}.ndjson downloaded: ${count.toLocaleString('en')} resources.`,
  allDone: (files: number) => `All ${files} files downloaded.`,
  failed: (type: string, reason: string) => `${type}.ndjson could not be downloaded: ${reason}`,
  cancelled: 'The download was stopped.',
  cancel: 'Stop',
} as const;
