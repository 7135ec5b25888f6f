import { Worker } from 'node:worker_threads';

/*
 * Health-check latency as a monitor sees it: GET requests over real sockets at a fixed rate, sent from a
 * worker thread, so that the prober's own clock runs on an event loop the server cannot block (a prober on
 * the server's loop would send late whenever the loop is blocked and never see the wait). Open loop: a
 * request leaves every `intervalMs` whether or not the previous one was answered.
 */

const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const latencies = [];
let errors = 0;
let outstanding = 0;
let stopping = false;
const finish = () => {
  if (stopping && outstanding === 0) {
    agent.destroy();
    parentPort.postMessage({ latencies, errors });
  }
};
const probe = () => {
  const sent = performance.now();
  outstanding++;
  const req = http.get(workerData.url, { agent }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode === 200) latencies.push(performance.now() - sent);
      else errors++;
      outstanding--;
      finish();
    });
  });
  req.on('error', () => {
    errors++;
    outstanding--;
    finish();
  });
};
const timer = setInterval(probe, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  stopping = true;
  finish();
});
`;

export interface ProbeResult {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** Starts probing `url`; `stop()` waits for the requests in flight and answers the latencies (ms). */
export function probeHealth(url: string, intervalMs = 20): { stop(): Promise<ProbeResult> } {
  const worker = new Worker(PROBER, { eval: true, workerData: { url, intervalMs } });
  const result = new Promise<{ latencies: number[]; errors: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const { latencies, errors } = await result;
      await worker.terminate();
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        count: sorted.length,
        errors,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? NaN,
      };
    },
  };
}

export const formatProbe = (r: ProbeResult) =>
  r.count === 0
    ? 'no check: over before the first one'
    : `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms (${r.count} checks${r.errors ? `, ${r.errors} failed` : ''})`;
