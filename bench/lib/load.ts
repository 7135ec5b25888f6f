import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
  /** A sequence each connection cycles through (a mixed workload); paths are below `url`. */
  requests?: autocannon.Request[];
}

/** Runs autocannon against one URL on loopback; latencies in milliseconds. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body,
    ...(opts.requests ? { requests: opts.requests } : {}),
    connections: opts.connections ?? 10,
    duration: opts.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 10),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
