import type { Registry } from 'prom-client';

/**
 * A Prometheus histogram whose series are objects the caller keeps, so a sample is two additions and a short scan of
 * the buckets, where prom-client's Histogram checks and hashes the labels on every sample (~1 µs; an API call takes
 * one for itself and one per query). Exported in the shape prom-client's registry reads (its undocumented contract),
 * so the registry writes it as it writes a Histogram: counted-histogram.test.ts compares the two. Why, what it
 * depends on and how to remove it: docs/decisions/012-counted-histogram.md.
 */
export class CountedHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: Array<HistogramSeries<L>> = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // Not a prom-client class: a metric as its registry reads one (name, help, type, get, reset).
    registry.registerMetric(this as never);
  }

  /** The series of `labels`, listed (as prom-client lists a series) from its first sample. */
  seriesOf(labels: Readonly<Record<L, string>>): HistogramSeries<L> {
    const made = new HistogramSeries(labels, this.bounds, () => this.series.push(made));
    return made;
  }

  /**
   * In prom-client's shape, which its registry formats: per series, each bucket (cumulative, `+Inf` last), then the sum
   * and the count, the series' labels as shared labels (written after `le`).
   */
  getForPromString() {
    const values: ExportedValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const s of this.series) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.counts[i]!;
        values.push({ labels: { le }, sharedLabels: s.labels, value: cumulative, metricName: bucket, exemplar: null });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: bucket, exemplar: null });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum`, exemplar: undefined });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count`, exemplar: undefined });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** As JSON (getMetricsAsJSON): the shared labels folded into each value's own. */
  get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })),
    };
  }

  reset(): void {
    for (const s of this.series) s.clear();
    this.series.length = 0;
  }
}

interface ExportedValue {
  labels: Record<string, string | number>;
  sharedLabels: Readonly<Record<string, string>>;
  value: number;
  metricName: string;
  exemplar: null | undefined;
}

export class HistogramSeries<L extends string> {
  /** Samples per bucket, not cumulative: the last entry counts those above every bound. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<L, string>>,
    private readonly bounds: readonly number[],
    private readonly list: () => void,
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    // Listed at its first sample since it was made or reset, in that order, as prom-client lists its series.
    if (this.count === 0) this.list();
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    this.counts[i]! += 1;
    this.sum += value;
    this.count += 1;
  }

  /** Emptied and unlisted, as a reset leaves prom-client's series. */
  clear(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }
}
