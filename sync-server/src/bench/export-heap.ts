// The CSV export's memory target (issue 12): a restaurant downloads every one of its donations, and the server's live
// heap must stay about flat while the file streams out. The reference, in the same process and run: the same query
// reading every row at once, as an export without batches would. Part of `npm run bench` (run.ts, on the bench's own
// 100,000 donations); also runs alone on a fresh database:
//   npx tsx sync-server/src/bench/export-heap.ts [rows]
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { donationsForExport } from '../db/exports.ts';
import { EXPORT_BATCH_ROWS } from '../routes/exports.ts';
import { insertManyDonations } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import type { Row } from './performance-doc.ts';

/**
 * Live heap growth allowed while the export runs. The export holds one batch of rows and its text (~0.5 MB); the rest
 * is room for the driver's buffers and the collector's timing. Every row at once is tens of MB.
 */
export const EXPORT_HEAP_BOUND_BYTES = 8 * 1024 * 1024;

export interface ExportHeapFigures {
  rows: number;
  bytes: number;
  chunks: number;
  /** Largest growth of the live heap (after a full collection) over the heap before, while streaming. */
  streamedPeakBytes: number;
  /** The same, while the same query reads every row at once and holds them. */
  atOncePeakBytes: number;
  samples: number;
}

/** Node's collector, for a measurement of what is still reachable rather than what merely has not been swept yet. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Runs `work` while sampling the live heap: on a timer, since most of the work (the driver parsing rows, the text
 * being built) happens between two of the caller's awaits, and a server that read everything at once would do it all
 * before the first chunk; and whenever `work` calls `sample`. Each sample collects first: a full collection costs tens
 * of milliseconds, nothing next to what a bench can spend, and the figure is then what is live, not garbage.
 */
async function peakLiveGrowth(work: (sample: () => void) => Promise<void>): Promise<{ peak: number; samples: number }> {
  const gc = collector();
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = 0;
  let samples = 0;
  const sample = () => {
    gc();
    samples++;
    peak = Math.max(peak, process.memoryUsage().heapUsed - before);
  };
  // A quarter of a second is ample: reading 100,000 rows at once takes seconds.
  const timer = setInterval(sample, 250);
  try {
    await work(sample);
    sample();
  } finally {
    clearInterval(timer);
  }
  return { peak, samples };
}

/** The export of every donation of `owner` (who has `rows` of them, and nothing else), and the same rows read at once. */
export async function measureExportHeap(t: TestApp, owner: TestUser, rows: number): Promise<ExportHeapFigures> {
  let bytes = 0;
  let chunks = 0;
  let lines = 0;
  const streamed = await peakLiveGrowth(async (sample) => {
    const res = await t.app.request('/exports/donations.csv', { headers: { authorization: `Bearer ${owner.token}` } });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
      // Counting line ends suffices: the bench's rows have none inside a field.
      for (const byte of value) if (byte === 0x0a) lines++;
      if (chunks % 10 === 0) sample();
    }
  });
  // A figure of a shorter file, or of one written in one piece, would measure something else.
  if (lines !== rows + 1) throw new Error(`export: ${lines} lines for ${rows} rows and a header`);
  if (chunks < rows / EXPORT_BATCH_ROWS) throw new Error(`export: ${chunks} chunks for ${rows} rows`);

  let held = 0;
  const atOnce = await peakLiveGrowth(async (sample) => {
    const all = await donationsForExport(t.sql, { kind: 'restaurant', restaurantId: owner.id }, {}, { limit: rows });
    sample();
    // Read after the sample, so the rows were still reachable when it collected.
    held = all.length;
  });
  if (held !== rows) throw new Error(`reading at once: ${held} rows, not ${rows}`);
  return { rows, bytes, chunks, streamedPeakBytes: streamed.peak, atOncePeakBytes: atOnce.peak, samples: streamed.samples };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export function exportHeapRow(f: ExportHeapFigures): Row {
  return {
    figure: `CSV export of ${f.rows.toLocaleString('en')} donations (a restaurant's, through app.request): live heap growth while it streams`,
    result: `${mb(f.streamedPeakBytes)} (a ${mb(f.bytes)} file in ${f.chunks} chunks; ${f.samples} samples)`,
    reference: `the same query reading all ${f.rows.toLocaleString('en')} rows at once: ${mb(f.atOncePeakBytes)}`,
    target: `< ${mb(EXPORT_HEAP_BOUND_BYTES)}`,
    verdict: f.streamedPeakBytes < EXPORT_HEAP_BOUND_BYTES ? 'ok' : 'MISSED',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = Number(process.argv[2] ?? 100_000);
  const t = await createTestApp();
  try {
    const owner = await createUser(t, { role: 'restaurant' });
    await insertManyDonations(t.sql, owner, rows);
    // The planner's statistics, as the embedded server's upkeep or Postgres's autovacuum keep them after such an insert.
    await t.sql`ANALYZE donations`;
    const row = exportHeapRow(await measureExportHeap(t, owner, rows));
    console.log(`${row.verdict === 'ok' ? '✓' : '✗'} ${row.figure}: ${row.result} (reference: ${row.reference}; target: ${row.target})`);
  } finally {
    await t.close();
  }
  process.exit(0);
}
