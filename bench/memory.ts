import { readFileSync } from 'node:fs';

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
