import { describe, expect, it } from 'vitest';
import { Histogram, Registry, type RegistryContentType } from 'prom-client';
import { CountedHistogram } from './counted-histogram.ts';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const SAMPLES: Array<[Record<'method' | 'route' | 'status', string>, number]> = [
  [{ method: 'GET', route: '/donations/:id', status: '200' }, 0.004],
  [{ method: 'GET', route: '/donations/:id', status: '200' }, 0.005],
  [{ method: 'POST', route: '/donations', status: '201' }, 0.3],
  [{ method: 'GET', route: '/donations/:id', status: '200' }, 0.0125],
  [{ method: 'GET', route: '/donations/:id', status: '404' }, 7],
  [{ method: 'POST', route: '/donations', status: '201' }, 1],
  [{ method: 'GET', route: 'a "quoted"\\route', status: '200' }, 0.05],
];

function both() {
  const theirs = new Registry<RegistryContentType>();
  const ours = new Registry<RegistryContentType>();
  const histogram = new Histogram({ name: 'x_seconds', help: 'Some help.', labelNames: ['method', 'route', 'status'], buckets: BOUNDS, registers: [theirs as Registry] });
  const counted = new CountedHistogram<'method' | 'route' | 'status'>('x_seconds', 'Some help.', BOUNDS, ours as Registry);
  const series = new Map<string, ReturnType<typeof counted.seriesOf>>();
  const observe = (labels: Record<'method' | 'route' | 'status', string>, value: number) => {
    histogram.observe(labels, value);
    const key = JSON.stringify(labels);
    if (!series.has(key)) series.set(key, counted.seriesOf(labels));
    series.get(key)!.observe(value);
  };
  return { theirs, ours, observe };
}

// CountedHistogram relies on prom-client's undocumented contract between its Registry and a metric (registerMetric,
// getForPromString, get, reset: ADR 012). These compare it with prom-client's own Histogram, so that a release that
// reads metrics differently fails here rather than in someone's dashboard.
describe('CountedHistogram', () => {
  it("writes what prom-client's Histogram writes for the same samples, in both text formats and as JSON", async () => {
    const { theirs, ours, observe } = both();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    for (const [labels, value] of SAMPLES) observe(labels, value);
    const text = await ours.metrics();
    expect(text).toContain('x_seconds_bucket{le="0.005",method="GET",route="/donations/:id",status="200"} 2');
    expect(text).toContain('x_seconds_count{method="GET",route="/donations/:id",status="404"} 1');
    expect(text).toBe(await theirs.metrics());
    ours.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    theirs.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('starts again from nothing after a reset, as prom-client does, and lists a series again at its next sample', async () => {
    const { theirs, ours, observe } = both();
    for (const [labels, value] of SAMPLES) observe(labels, value);
    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    observe(SAMPLES[4]![0], 0.2);
    expect(await ours.metrics()).toContain('status="404"} 1');
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
