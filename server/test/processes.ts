import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Starting a server process and waiting for it, shared by the browser suite's server
 * (e2e/support/server.ts), the bench (bench/processes.ts) and the crash test
 * (server/reliability/crash.reliability.ts).
 */

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * Waits until `url` answers 200, polling every `intervalMs`; fails at once if `child` exits
 * first and after `timeoutMs` otherwise, the message naming `what` (and `hint`, a log to read).
 */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  options: { what: string; timeoutMs: number; intervalMs?: number; hint?: string },
): Promise<void> {
  const hint = options.hint ? `; ${options.hint}` : '';
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${options.what} exited with code ${child.exitCode}${hint}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`${options.what} did not answer within ${options.timeoutMs / 1000} s${hint}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
}
