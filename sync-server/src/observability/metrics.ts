import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { CountedHistogram, type HistogramSeries } from './counted-histogram.ts';

interface Served {
  readonly labels: Readonly<Record<'method' | 'route' | 'status', string>>;
  count: number;
  readonly durations: HistogramSeries<'method' | 'route' | 'status'>;
}

/**
 * The server's Prometheus metrics, in a registry of its own per app (tests build many apps in one process). Process
 * metrics (memory, event-loop lag, GC) are added only by the real server, once: `withProcessMetrics`.
 */
export class Metrics {
  readonly registry = new Registry();
  /**
   * Written from the counts `observeRequest` keeps, when read: counting each request here too cost it a second label
   * hash and check (issue 9). Anything counted into it directly is lost at the next read.
   */
  readonly requests: Counter<'method' | 'route' | 'status'> = new Counter({
    name: 'foodbridge_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: () => {
      this.requests.reset();
      for (const served of this.servedInOrder) this.requests.inc(served.labels, served.count);
    },
  });
  readonly durations = new CountedHistogram<'method' | 'route' | 'status'>(
    'foodbridge_http_request_duration_seconds',
    'Time to answer an HTTP request (for a stream: until it opens), by method, route pattern and status.',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    this.registry,
  );
  readonly pickupReplays = new Counter({
    name: 'foodbridge_pickup_confirmations_total',
    help: "Pickup confirmations (the app's offline outbox replays them), by outcome: applied, repeated (the same Idempotency-Key again) or refused.",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly streamReads = new Counter({
    name: 'foodbridge_sync_stream_reads_total',
    help: 'Reads of the sync pull streams after a change: a query run, or the answer of one shared with a stream of the same scope at the same checkpoint.',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly pushes = new Counter({
    name: 'foodbridge_push_messages_total',
    help: 'Web push messages to devices, by result: sent, removed (the push service said the device is gone) or failed.',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  readonly reminders = new Counter({
    name: 'foodbridge_reminders_total',
    help: 'Reminders written before food expires (by this instance, which held the scheduler lock).',
    registers: [this.registry],
  });

  readonly queries = new CountedHistogram<'outcome'>(
    'foodbridge_db_query_duration_seconds',
    'Time from asking for a database query (waiting for a free pooled connection included) to its answer, by outcome: ok or error.',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    this.registry,
  );
  private readonly okQueries = this.queries.seriesOf({ outcome: 'ok' });
  private readonly failedQueries = this.queries.seriesOf({ outcome: 'error' });

  constructor(openStreams: () => number, database: { poolSize: number; queriesInFlight: () => number } = { poolSize: 0, queriesInFlight: () => 0 }) {
    new Gauge({
      name: 'foodbridge_sync_open_streams',
      help: 'Sync pull streams open on this instance.',
      registers: [this.registry],
      collect() {
        this.set(openStreams());
      },
    });
    new Gauge({
      name: 'foodbridge_db_pool_size',
      help: 'Connections the database pool may open (DATABASE_URL: 8; the embedded database: 1).',
      registers: [this.registry],
      collect() {
        this.set(database.poolSize);
      },
    });
    new Gauge({
      name: 'foodbridge_db_queries_in_flight',
      help: 'Database queries asked for and not yet answered: above the pool size, queries are queueing for a connection.',
      registers: [this.registry],
      collect() {
        this.set(database.queriesInFlight());
      },
    });
  }

  /**
   * The requests answered so far, by method, route pattern and status, in the order each was first seen (the order
   * prom-client lists them in), each with its labels and its duration series made once. A request's sample then costs
   * three look-ups by keys V8 has already hashed (the method and the route pattern are the same string objects every
   * time, the status a number) and a count into its series (CountedHistogram); it was a labels object, and a label
   * hash and check for each of the two metrics (issue 9).
   */
  private readonly served = new Map<string, Map<string, Map<number, Served>>>();
  private readonly servedInOrder: Served[] = [];

  /** One request answered: counted and timed, by method, route pattern and status. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.served.get(method);
    if (!byRoute) this.served.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let served = byStatus.get(status);
    if (!served) {
      const labels = { method, route, status: String(status) };
      served = { labels, count: 0, durations: this.durations.seriesOf(labels) };
      byStatus.set(status, served);
      this.servedInOrder.push(served);
    }
    served.count++;
    served.durations.observe(seconds);
  }

  /** One database query's duration (db/query-timing.ts). */
  observeQuery(seconds: number, failed: boolean): void {
    (failed ? this.failedQueries : this.okQueries).observe(seconds);
  }

  /**
   * A pickup confirmation's answer: applied, repeated (a replay answered from its Idempotency-Key) or refused (the app
   * drops such an entry from its outbox). Answers the outbox retries (401, 408, 429, 5xx) are not outcomes yet.
   */
  countPickup(status: number, replayed: boolean): void {
    if (status < 300) this.pickupReplays.inc({ outcome: replayed ? 'repeated' : 'applied' });
    else if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) this.pickupReplays.inc({ outcome: 'refused' });
  }

  withProcessMetrics(): this {
    collectDefaultMetrics({ register: this.registry, prefix: 'foodbridge_' });
    return this;
  }
}
