import type { Random } from './random.ts';

/*
 * Word parts the demo generator combines into names, places and clinical notes. Surnames, towns
 * and streets are built from parts (Ash + ford, Thorn + ton), so no list of real people or
 * places is copied; given names are ordinary ones of the generation now in care.
 */

// prettier-ignore
const femaleNames = [
  'Ada', 'Agnes', 'Alice', 'Audrey', 'Barbara', 'Beatrice', 'Betty', 'Carol', 'Clara', 'Doris',
  'Dorothy', 'Edith', 'Eileen', 'Elsie', 'Evelyn', 'Florence', 'Gladys', 'Grace', 'Hazel',
  'Helen', 'Irene', 'Iris', 'Joan', 'June', 'Kathleen', 'Lillian', 'Lorna', 'Mabel', 'Margaret',
  'Marjorie', 'Maureen', 'Mildred', 'Muriel', 'Nancy', 'Norma', 'Olive', 'Patricia', 'Pearl',
  'Rita', 'Rose', 'Ruth', 'Shirley', 'Sylvia', 'Thelma', 'Vera', 'Violet', 'Winifred', 'Yvonne',
] as const;

// prettier-ignore
const maleNames = [
  'Albert', 'Alfred', 'Arthur', 'Bernard', 'Cecil', 'Charles', 'Clifford', 'Dennis', 'Donald',
  'Douglas', 'Edward', 'Ernest', 'Eugene', 'Frank', 'Frederick', 'George', 'Gordon', 'Harold',
  'Henry', 'Herbert', 'Howard', 'Jack', 'Kenneth', 'Leonard', 'Leslie', 'Louis', 'Norman',
  'Percy', 'Ralph', 'Raymond', 'Reginald', 'Ronald', 'Roy', 'Samuel', 'Stanley', 'Sidney',
  'Theodore', 'Victor', 'Walter', 'Wilfred', 'William',
] as const;

/** Given names of the staff and of patients' grown-up children: a younger generation. */
// prettier-ignore
const youngerFemaleNames = [
  'Aisha', 'Ana', 'Chloe', 'Elena', 'Farah', 'Grace', 'Hannah', 'Ines', 'Jana', 'Laura', 'Lina',
  'Maya', 'Mei', 'Nadia', 'Olga', 'Priya', 'Rachel', 'Rosa', 'Sara', 'Sofia', 'Zoe',
] as const;

// prettier-ignore
const youngerMaleNames = [
  'Amir', 'Ben', 'Carlos', 'Daniel', 'Ivan', 'Jamal', 'Kai', 'Leo', 'Lucas', 'Nathan', 'Noah',
  'Omar', 'Ryan', 'Sam', 'Tariq', 'Tom', 'Vikram', 'Yusuf',
] as const;

// prettier-ignore
const surnameHeads = [
  'Ash', 'Brad', 'Brook', 'Cald', 'Carr', 'Chad', 'Cran', 'Dal', 'Dun', 'Elm', 'Fair', 'Fen',
  'Ford', 'Hal', 'Hart', 'Hol', 'Kel', 'Lang', 'Mar', 'Mid', 'Mill', 'Nor', 'Pem', 'Rad', 'Red',
  'Ross', 'Sand', 'Stan', 'Stock', 'Thorn', 'Wal', 'Wes', 'Whit', 'Wick', 'Win', 'Wood',
] as const;

// prettier-ignore
const surnameTails = [
  'ton', 'ford', 'wood', 'field', 'ley', 'by', 'well', 'more', 'worth', 'ridge', 'brook', 'dale',
  'cott', 'ham', 'shaw', 'bury', 'hurst', 'combe',
] as const;

/** Plain surnames that do not come out of the parts above. */
// prettier-ignore
const plainSurnames = [
  'Baker', 'Carter', 'Fisher', 'Fletcher', 'Gardner', 'Hunter', 'Mason', 'Porter', 'Shepherd',
  'Thatcher', 'Turner', 'Weaver', 'Okafor', 'Novak', 'Rossi', 'Kowalski', 'Haddad', 'Lindqvist',
  'Moreau', 'Tanaka', 'Ferreira', 'Byrne', 'Quinn', 'Patel', 'Nguyen', 'Costa',
] as const;

// prettier-ignore
const streetNames = [
  'Maple', 'Cedar', 'Willow', 'Orchard', 'Mill', 'Church', 'Station', 'Meadow', 'Birch', 'Chestnut',
  'Harbor', 'Lake', 'Park', 'Ridge', 'Sunset', 'Valley', 'Elm', 'Oak', 'Holly', 'Primrose',
  'Rowan', 'Juniper', 'Heather', 'Foxglove', 'Lark', 'Kingfisher', 'Bramble', 'Linden',
] as const;

// prettier-ignore
const streetKinds = [
  'Street', 'Road', 'Lane', 'Avenue', 'Drive', 'Close', 'Court', 'Way', 'Crescent', 'Terrace',
] as const;

const townHeads = [
  'Ash',
  'Green',
  'Fair',
  'Oak',
  'Kings',
  'River',
  'Stone',
  'Mead',
  'North',
  'West',
];
const townTails = ['bury', 'field', 'haven', 'ford', 'wick', 'dale', 'bridge', 'minster'];

export type Gender = 'Female' | 'Male';

export interface PersonName {
  firstName: string;
  lastName: string;
  gender: Gender;
}

/** A surname: mostly built from two parts, sometimes a plain one. */
export function surname(random: Random): string {
  if (random.chance(0.3)) return random.pick(plainSurnames);
  return random.pick(surnameHeads) + random.pick(surnameTails);
}

/** An older person's name (a patient). */
export function elderName(random: Random): PersonName {
  const gender: Gender = random.chance(0.58) ? 'Female' : 'Male';
  const firstName = gender === 'Female' ? random.pick(femaleNames) : random.pick(maleNames);
  return { firstName, lastName: surname(random), gender };
}

/** A working-age person's name (staff, relatives). */
export function staffName(random: Random): PersonName {
  const gender: Gender = random.chance(0.5) ? 'Female' : 'Male';
  const firstName =
    gender === 'Female' ? random.pick(youngerFemaleNames) : random.pick(youngerMaleNames);
  return { firstName, lastName: surname(random), gender };
}

/** The towns the demo agency covers. */
export function towns(random: Random, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(random.pick(townHeads) + random.pick(townTails));
  return [...names];
}

export function streetAddress(random: Random, town: string): string {
  const number = random.int(1, 240);
  const flat = random.chance(0.12) ? `Flat ${random.int(1, 12)}, ` : '';
  return `${flat}${number} ${random.pick(streetNames)} ${random.pick(streetKinds)}, ${town}`;
}

/** A phone number in the 555-01xx range, which is reserved for fiction. */
export function phoneNumber(random: Random): string {
  return `(${random.int(201, 989)}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;
}

const relations: Record<Gender, readonly string[]> = {
  Female: ['daughter', 'daughter', 'niece', 'granddaughter', 'neighbour'],
  Male: ['son', 'son', 'nephew', 'grandson', 'neighbour'],
};

/** A relative or neighbour; a child often (not always) shares the patient's surname. */
export function emergencyContact(random: Random, patientLastName: string): string {
  const name = staffName(random);
  const relation = random.pick(relations[name.gender]);
  const family = relation !== 'neighbour' && random.chance(0.7);
  return `${name.firstName} ${family ? patientLastName : name.lastName} (${relation})`;
}

/** A condition with what a doctor writes about it and what is prescribed for it. */
export interface Condition {
  diagnosis: string;
  treatmentPlan: string;
  medication?: { name: string; dosage: string; duration: string; details: string };
  /** What a caregiver writes in the medication log when giving it. */
  dose?: string;
}

export const conditions: readonly Condition[] = [
  {
    diagnosis: 'Hypertension',
    treatmentPlan: 'Continue amlodipine; home blood pressure readings twice a week; less salt.',
    medication: {
      name: 'Amlodipine',
      dosage: '5 mg once daily',
      duration: '90 days',
      details: 'Take in the morning. Report ankle swelling.',
    },
    dose: 'Amlodipine 5 mg given with breakfast',
  },
  {
    diagnosis: 'Type 2 diabetes',
    treatmentPlan: 'Metformin with meals; HbA1c in three months; check feet at each visit.',
    medication: {
      name: 'Metformin',
      dosage: '500 mg twice daily',
      duration: '90 days',
      details: 'Take with breakfast and the evening meal.',
    },
    dose: 'Metformin 500 mg given with the evening meal',
  },
  {
    diagnosis: 'Osteoarthritis of the knee',
    treatmentPlan: 'Paracetamol when needed; short daily walks; physiotherapy referral made.',
    medication: {
      name: 'Paracetamol',
      dosage: '1 g up to three times daily',
      duration: '30 days',
      details: 'No more than 3 g in 24 hours.',
    },
    dose: 'Paracetamol 1 g given for knee pain',
  },
  {
    diagnosis: 'Chronic heart failure',
    treatmentPlan: 'Weigh every morning; fluid limit 1.5 litres a day; review diuretic in 2 weeks.',
    medication: {
      name: 'Furosemide',
      dosage: '40 mg every morning',
      duration: '60 days',
      details: 'Call if weight rises by 2 kg in three days.',
    },
    dose: 'Furosemide 40 mg given; morning weight recorded',
  },
  {
    diagnosis: 'Atrial fibrillation',
    treatmentPlan: 'Anticoagulation continued; pulse check at each visit; watch for bruising.',
    medication: {
      name: 'Apixaban',
      dosage: '5 mg twice daily',
      duration: '90 days',
      details: 'Do not stop without speaking to the doctor.',
    },
    dose: 'Apixaban 5 mg given at 8 am',
  },
  {
    diagnosis: 'Chronic obstructive pulmonary disease',
    treatmentPlan: 'Inhaler technique reviewed; breathing exercises daily; flu vaccine is due.',
    medication: {
      name: 'Tiotropium inhaler',
      dosage: '2 puffs once daily',
      duration: '90 days',
      details: 'Rinse mouth after use.',
    },
    dose: 'Tiotropium inhaler used with supervision',
  },
  {
    diagnosis: 'Osteoporosis',
    treatmentPlan: 'Weekly alendronic acid; calcium and vitamin D; falls risk review at home.',
    medication: {
      name: 'Alendronic acid',
      dosage: '70 mg once weekly',
      duration: '180 days',
      details: 'Take sitting upright, 30 minutes before breakfast.',
    },
    dose: 'Alendronic acid 70 mg given before breakfast',
  },
  {
    diagnosis: 'Mild cognitive impairment',
    treatmentPlan:
      'Memory clinic follow-up; daily routine chart on the fridge; support for family.',
  },
  {
    diagnosis: 'Hypothyroidism',
    treatmentPlan: 'Levothyroxine each morning; thyroid blood test in six weeks.',
    medication: {
      name: 'Levothyroxine',
      dosage: '75 mcg each morning',
      duration: '90 days',
      details: 'Take on an empty stomach.',
    },
    dose: 'Levothyroxine 75 mcg given before breakfast',
  },
  {
    diagnosis: 'Chronic kidney disease, stage 3',
    treatmentPlan: 'Avoid anti-inflammatory painkillers; kidney function every three months.',
  },
  {
    diagnosis: 'Insomnia',
    treatmentPlan: 'Regular bedtime; no naps after 3 pm; warm drink without caffeine at night.',
    medication: {
      name: 'Melatonin',
      dosage: '2 mg at bedtime',
      duration: '28 days',
      details: 'Review sleep diary at the next visit.',
    },
    dose: 'Melatonin 2 mg given at bedtime',
  },
  {
    diagnosis: 'Urinary tract infection',
    treatmentPlan: 'Antibiotic course; more fluids; recheck symptoms in one week.',
    medication: {
      name: 'Nitrofurantoin',
      dosage: '100 mg twice daily',
      duration: '5 days',
      details: 'Take with food. Finish the course.',
    },
    dose: 'Nitrofurantoin 100 mg given with lunch',
  },
  {
    diagnosis: "Parkinson's disease",
    treatmentPlan: 'Doses at fixed times; speech therapy referral; review of falls at home.',
    medication: {
      name: 'Co-careldopa',
      dosage: '25/100 mg three times daily',
      duration: '90 days',
      details: 'Keep to the same times every day.',
    },
    dose: 'Co-careldopa 25/100 mg given at noon',
  },
  {
    diagnosis: 'Low mood',
    treatmentPlan: 'Weekly talking therapy; day centre twice a week; review in one month.',
    medication: {
      name: 'Sertraline',
      dosage: '50 mg once daily',
      duration: '180 days',
      details: 'May take two to four weeks to help.',
    },
    dose: 'Sertraline 50 mg given with breakfast',
  },
  {
    diagnosis: 'High cholesterol',
    treatmentPlan: 'Statin at night; dietary advice given; lipid test in three months.',
    medication: {
      name: 'Atorvastatin',
      dosage: '20 mg at night',
      duration: '90 days',
      details: 'Report unexplained muscle aches.',
    },
    dose: 'Atorvastatin 20 mg given at bedtime',
  },
];

/** A doctor's visit note: vital signs and one or two observations. */
export function visitNote(random: Random, firstName: string): string {
  const systolic = random.int(112, 158);
  const diastolic = random.int(64, 92);
  const pulse = random.int(58, 94);
  const observations = [
    `${firstName} reports sleeping better this week.`,
    `${firstName} mentions some stiffness in the mornings.`,
    'Appetite good; weight stable since the last visit.',
    'Mild ankle swelling, no worse than before.',
    'Daughter present at the visit and agrees with the plan.',
    'No falls since the last visit.',
    'Chest clear; no new cough.',
    'Skin intact; no pressure areas.',
    'Bruising on the left forearm, explained by a knock on the door frame.',
    `${firstName} would like the next visit in the afternoon.`,
    'Hearing aid battery replaced during the visit.',
    'Medication box checked: all doses taken.',
  ];
  return `BP ${systolic}/${diastolic}, pulse ${pulse}. ${random.sample(observations, random.int(1, 2)).join(' ')}`;
}

/** A caregiver's progress report: what the day was like and what to do next. */
export function progressReport(
  random: Random,
  firstName: string,
): { summary: string; recommendations: string; overallHealth: string } {
  const days = [
    `${firstName} ate a full breakfast and lunch and walked to the garden with the frame.`,
    `${firstName} was tired in the morning but brighter after lunch; enjoyed a visit from family.`,
    `${firstName} did the chair exercises and helped prepare a light supper.`,
    `Quiet day. ${firstName} read the paper and listened to the radio; fluids about 1.2 litres.`,
    `${firstName} needed more help than usual getting dressed and seemed a little confused at tea time.`,
    `${firstName} went out for a short walk to the shop with support and managed the step well.`,
    `${firstName} slept poorly and complained of a headache; temperature normal.`,
    `Good spirits. ${firstName} played cards with the neighbour and ate well.`,
  ];
  const advice = [
    'Encourage fluids in the afternoon.',
    'Keep the evening routine the same; lights low after 9 pm.',
    'Continue the walking programme, twice a day.',
    'Watch for dizziness when standing up.',
    'Ask the doctor to review the pain relief.',
    'Remind about the hearing aid in the morning.',
    'Check the skin on the heels each evening.',
    'Offer smaller meals more often.',
  ];
  const index = random.int(0, days.length - 1);
  const concerning = index === 4 || index === 6;
  const overallHealth = concerning
    ? random.pick(['Fair', 'Poor'])
    : random.pick(['Good', 'Good', 'Stable', 'Improving', 'Excellent']);
  return {
    summary: days[index]!,
    recommendations: random.sample(advice, random.int(1, 2)).join(' '),
    overallHealth,
  };
}

export const reminderTexts = [
  'Check blood pressure for {name}',
  'Call the pharmacy about the repeat prescription for {name}',
  'Bring the weighing scales for {name}',
  'Review the medication box with {name}',
  "Ask {name}'s family about the day centre",
  'Change the dressing for {name}',
] as const;

export const ownReminderTexts = [
  'Take the morning tablets',
  'Drink a glass of water',
  'Do the chair exercises',
  'Call my daughter',
  'Check blood pressure',
] as const;

export const locations = ['Home visit', 'Clinic room 1', 'Clinic room 2', 'Day centre'] as const;
