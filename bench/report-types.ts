import type { ChunkContents } from './build.ts';
import type { RouteWeight } from './client-weight.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import type { ProfileSummary } from './profile.ts';
import type { ScaleSize } from './scale.ts';

export interface TargetResult {
  id: string;
  label: string;
  kind: 'list' | 'dashboard' | 'write';
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
  ladder: { id: string; label: string; result: LoadResult }[];
  targets: TargetResult[];
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
  loadAverageAtEnd: number[];
  durationSeconds: number;
}
