/** The one password of every demo account (long enough and not a common one). */
export const DEMO_PASSWORD = 'eldercare-demo';

export interface DemoSize {
  doctors: number;
  caregivers: number;
  patients: number;
  /** Share of patients who have their own account. */
  patientAccountShare: number;
  /** PRNG seed: the same seed builds the same agency. */
  seed: number;
}

export const defaultDemoSize: DemoSize = {
  doctors: 3,
  caregivers: 8,
  patients: 60,
  patientAccountShare: 0.85,
  seed: 20_241_201,
};

export interface DemoLogin {
  role: 'admin' | 'doctor' | 'caregiver' | 'patient' | 'coordinator';
  username: string;
  password: string;
  name: string;
  /** Where this login lands after signing in. */
  landing: string;
}

export interface DemoResult {
  /** False when the database already had users and was reused as it is. */
  created: boolean;
  logins: DemoLogin[];
  counts: Record<string, number>;
}
