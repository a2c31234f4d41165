import { hash, verify } from '@node-rs/argon2';
import { apiErrors } from '../../shared/messages.ts';
import { HttpError } from './http-error.ts';

// OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane.
const argonOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/** Hashes running at once: each takes 19 MiB and a core for 40–75 ms. */
export const MAX_RUNNING_HASHES = 4;
/** Hashes allowed to wait for a free slot; beyond that the server is busy. */
export const MAX_WAITING_HASHES = 16;
/** What a caller refused for a full queue is told to wait, in seconds. */
export const HASHING_RETRY_AFTER_SECONDS = 5;

/** Thrown when every hashing slot is taken and the queue is full: 503 with Retry-After. */
export class PasswordHashingBusyError extends HttpError {
  readonly retryAfterSeconds = HASHING_RETRY_AFTER_SECONDS;
  constructor() {
    super(503, apiErrors.busy);
  }
}

/**
 * Bounds the memory and CPU that password hashing may take, whatever the number of sign-ups and
 * logins arriving at once: a flood waits in a short queue, and past it is refused at once rather
 * than piling up hundreds of 19 MiB hashes.
 */
class HashingQueue {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.maxRunning) {
      if (this.#waiting.length >= this.maxWaiting) throw new PasswordHashingBusyError();
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so the running count never dips below it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}

const queue = new HashingQueue(MAX_RUNNING_HASHES, MAX_WAITING_HASHES);

/** Hashes running and waiting right now (tests and diagnostics). */
export const hashingLoad = (): { running: number; waiting: number } => ({
  running: queue.running,
  waiting: queue.waiting,
});

/** Hashes a password with argon2id; throws PasswordHashingBusyError when the queue is full. */
export function hashPassword(password: string): Promise<string> {
  return queue.run(() => hash(password, argonOptions));
}

/**
 * Checks a password against its stored argon2id hash; a malformed hash simply fails. Throws
 * PasswordHashingBusyError when the queue is full.
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return queue.run(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username is not told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-for-timing', argonOptions);
  await verifyPassword(await dummyHash, password);
}
