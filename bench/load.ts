import autocannon from 'autocannon';

/** One HTTP load, as autocannon runs it. */
export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** For writes: a fresh body per request (autocannon's setupRequest). */
  body?: (n: number) => unknown;
  /** For writes to a fresh record each time: the path of each request. */
  path?: () => string;
  /** A fixed body of its own content type (a multipart upload), the same for every request. */
  upload?: { contentType: string; body: string };
  connections: number;
  seconds: number;
}

export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors + timeouts + non-2xx answers: must be 0. */
  errors: number;
  /** Requests with no answer within autocannon's 10 s time-out (part of `errors`). */
  timeouts?: number;
  /** Answers by status code, to explain errors. */
  statuses: Record<string, number>;
  seconds: number;
  /** CPU milliseconds per request, where measured: the server process and its PostgreSQL backends. */
  cpu?: { server: number | null; database: number | null };
  /** Database transactions committed per request (PostgreSQL): about its statements. */
  transactions?: number | null;
  /** The server process's VmRSS right after the measured run, in bytes (Linux). */
  rss?: number | null;
}

/** Runs autocannon against one URL over loopback and returns the figures the report needs. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let counter = 0;
  const headers = {
    ...(spec.body ? { 'content-type': 'application/json' } : {}),
    ...(spec.upload ? { 'content-type': spec.upload.contentType } : {}),
    ...spec.headers,
  };
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 10,
    method: spec.method ?? 'GET',
    headers,
    ...(spec.upload ? { body: spec.upload.body } : {}),
    requests:
      spec.body || spec.path
        ? [
            {
              method: spec.method ?? (spec.body ? 'POST' : 'GET'),
              setupRequest: (request) => {
                counter += 1;
                return {
                  ...request,
                  ...(spec.path ? { path: spec.path() } : {}),
                  ...(spec.body ? { body: JSON.stringify(spec.body(counter)) } : {}),
                };
              },
            },
          ]
        : undefined,
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = Number(stat.count);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx, // errors already include timeouts
    timeouts: result.timeouts,
    statuses,
    seconds: result.duration,
  };
}
