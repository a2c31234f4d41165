import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane.
const argonOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

/** Checks a password against its stored argon2id hash; a malformed hash simply fails. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username is not told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
