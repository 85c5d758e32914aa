// A closed-loop load generator, run in its own process so it does not share the measured server's event loop:
// `concurrency` clients each send the next request as soon as the previous answer is read, for `durationMs`.
//   tsx load.ts '{"urls":["http://127.0.0.1:1/x"],"headers":{},"concurrency":50,"durationMs":3000}'
// Prints one JSON line: requests, non-2xx answers, requests per second, latency p50/p95 in ms.
import { Agent, request } from 'node:http';

interface LoadSpec {
  urls: string[];
  headers: Record<string, string>;
  concurrency: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  failures: number;
  rps: number;
  p50: number;
  p95: number;
}

const spec = JSON.parse(process.argv[2]!) as LoadSpec;
const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });

function once(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: spec.headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const latencies: number[] = [];
let failures = 0;
const started = performance.now();
const end = started + spec.durationMs;
let next = 0;
await Promise.all(
  Array.from({ length: spec.concurrency }, async () => {
    while (performance.now() < end) {
      const url = spec.urls[next++ % spec.urls.length]!;
      const t0 = performance.now();
      const status = await once(url).catch(() => 0);
      latencies.push(performance.now() - t0);
      if (status < 200 || status >= 300) failures += 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
const result: LoadResult = { requests: latencies.length, failures, rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95) };
console.log(JSON.stringify(result));
agent.destroy();
