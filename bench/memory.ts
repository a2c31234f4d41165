import { readFileSync } from 'node:fs';
import { IDLE_COLLECT_MS } from '../server/lib/idle-collect.ts';

/** A process's resident memory, in bytes, as Linux reports it in /proc/<pid>/status. */
export interface Memory {
  /** VmRSS: resident now. */
  rss: number;
  /** VmHWM: the most it has been resident since it started (the high-water mark). */
  peak: number;
}

/** Reads VmRSS and VmHWM (kB) from the text of /proc/<pid>/status; null when either is missing. */
export function parseProcStatus(text: string): Memory | null {
  const kB = (field: string) => {
    const match = new RegExp(`^${field}:\\s*(\\d+)\\s*kB$`, 'm').exec(text);
    return match ? Number(match[1]) * 1024 : null;
  };
  const rss = kB('VmRSS');
  const peak = kB('VmHWM');
  return rss === null || peak === null ? null : { rss, peak };
}

/** The resident memory of a running process (Linux); null elsewhere or once it has gone. */
export function memoryOf(pid: number | undefined): Memory | null {
  if (!pid) return null;
  try {
    return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return null;
  }
}

/** The app's resident memory over one scenario: after start-up, after its last target, and the peak. */
export interface ScenarioMemory {
  /** VmRSS right after start-up, before the first target, in bytes. */
  start: number;
  /** VmRSS after the last target's load, in bytes. */
  end: number;
  /** VmHWM after the last target: the most it was resident during the scenario, in bytes. */
  peak: number;
  /**
   * VmRSS after the first target's load and after the last, each once the app has rested
   * REST_MS with nothing asked (what it keeps, its garbage given back), in bytes; absent when
   * not read.
   */
  warmRest?: number | null;
  endRest?: number | null;
}

/**
 * How long the app is left alone before its resting memory is read: its idle time before it
 * collects a burst's garbage (server/lib/idle-collect.ts), the half of that its check waits
 * between looks, and two seconds for the collection and the kernel's figures.
 */
export const REST_MS = IDLE_COLLECT_MS * 1.5 + 2_000;

/** The process's VmRSS once it has rested REST_MS; null off Linux or once it has gone. */
export async function restingRss(pid: number | undefined): Promise<number | null> {
  if (!memoryOf(pid)) return null;
  await new Promise((done) => setTimeout(done, REST_MS));
  return memoryOf(pid)?.rss ?? null;
}

/**
 * Reads the process's memory now (start) and returns what reads it again at the end; null off
 * Linux or when the process has gone.
 */
export function sampleMemory(pid: number | undefined): { end(): ScenarioMemory | null } {
  const start = memoryOf(pid);
  return {
    end() {
      const end = memoryOf(pid);
      return start && end ? { start: start.rss, end: end.rss, peak: end.peak } : null;
    },
  };
}

/** How much the resident memory grew over the scenario, as a share of the start (0.1 = 10%). */
export const memoryGrowth = (m: ScenarioMemory): number => (m.end - m.start) / m.start;
