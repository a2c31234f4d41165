import type { ChunkContents } from './build.ts';
import type { RouteWeight } from './client-weight.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import type { ScenarioMemory } from './memory.ts';
import type { ProfileSummary } from './profile.ts';
import type { Reliability } from './report-reliability.ts';
import type { ScaleSize } from './scale.ts';

export interface TargetResult {
  id: string;
  label: string;
  kind: 'list' | 'dashboard' | 'write';
  /** The floor it is compared with (default read): writes of a record go against the write floor. */
  floor?: 'read' | 'write';
  result?: LoadResult;
  unavailable?: string;
  database?: { samples: number; busy: number; top: { query: string; share: number }[] };
}

export interface Scenario {
  id: string;
  driver: 'postgres' | 'pglite';
  size: ScaleSize;
  counts: Record<string, number>;
  generationSeconds: number;
  generationSteps: Record<string, number>;
  floor: LoadResult | null;
  /** The write floor (POST /floor/appointments), when measured. */
  writeFloor?: LoadResult | null;
  /** The app's resident memory over the scenario's load, when read (Linux). */
  memory?: ScenarioMemory | null;
  ladder: { id: string; label: string; result: LoadResult }[];
  targets: TargetResult[];
}

/** One NDJSON file of the agency export, as the bench streamed it over HTTP. */
export interface AgencyExportFile {
  type: string;
  /** Lines (resources) received. */
  resources: number;
  /** The count the manifest announced for the file. */
  listed: number;
  bytes: number;
  seconds: number;
  /** The server's VmHWM once the file had been streamed, in bytes (null off Linux). */
  peakAfter: number | null;
}

/** The agency export stage (agency-export.ts): a generated agency streamed file by file. */
export interface AgencyExport {
  patients: number;
  /** Rows in each of the biggest tables. */
  rows: number;
  /** Patients with weekly visits (the Encounters). */
  visitPatients: number;
  counts: Record<string, number>;
  generationSeconds: number;
  /** GET /api/fhir/export: the manifest, with a count per file. */
  manifestSeconds: number;
  files: AgencyExportFile[];
  /** All files, streamed one after another. */
  seconds: number;
  /** The server's VmRSS after start-up, before the first export request, in bytes. */
  rssBefore: number | null;
  /** The server's VmHWM after the last file, in bytes. */
  peakRss: number | null;
  /** The server's VmRSS after the last file, in bytes: what it kept once the export was over. */
  rssAfter: number | null;
}

export interface Report {
  startedAt: Date;
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    node: string;
    os: string;
    postgres: string;
    pglite: string;
    loadAverage: number[];
  };
  settings: {
    seconds: number;
    warmupSeconds: number;
    connections: number;
    logLevel: string;
    quick: boolean;
  };
  scenarios: Scenario[];
  notes: string[];
  client: RouteWeight[] | null;
  clientNote: string;
  chunkContents: ChunkContents;
  lighthouse: LighthouseResult[];
  lighthouseNote: string;
  profile: { target: string; app: ProfileSummary; floor: ProfileSummary | null } | null;
  /** The floor measured from a child process and inside the bench process. */
  processModel: { child: LoadResult; inProcess: LoadResult } | null;
  /** The profiled endpoint at the production log level and with request logging off. */
  logging: { level: string; normal: LoadResult; quiet: LoadResult } | null;
  /** content-encoding of the entry script when the browser accepts gzip and br. */
  assetEncoding: string;
  /** The agency export stage, when run. */
  agencyExport: AgencyExport | null;
  /** Why the stage was not run or did not finish, when so. */
  agencyExportNote: string;
  /** The start-up, soak and audit-at-scale stages. */
  reliability: Reliability;
  loadAverageAtEnd: number[];
  durationSeconds: number;
}
