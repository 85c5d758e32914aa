// docs/performance.md, as `npm run bench` writes it (run.ts): how to run the bench, the figures of the run, and what
// limits each target now, in a page that reads in a minute. The history of runs and of the changes that moved them
// lives in git (commit messages, and the ADRs of the workarounds kept). performance-doc.test.ts checks that the file is
// what this makes of its own tables, so a change to the text goes here, or the next run would undo it.

export interface Row {
  figure: string;
  result: string;
  reference: string;
  target: string;
  verdict: 'ok' | 'MISSED' | '-';
}

/** A browser bench's rows, or why it did not run (no Chromium, say). */
export interface BrowserSection {
  rows: Row[];
  note?: string;
}

export interface BenchRun {
  /** YYYY-MM-DD */
  date: string;
  /** 'embedded PGlite', or Postgres' */
  database: string;
  /** '2 cores, 24 GB' */
  machine: string;
  apiRounds: number;
  loadSeconds: number;
  browserRounds: number;
  /** The API and server-process figures. */
  api: Row[];
  lists: BrowserSection;
  live: BrowserSection;
  /** A charity driver's installed app on a throttled link (issue 49). */
  field: BrowserSection;
  home: BrowserSection;
}

/** When the paragraphs below were last checked against a full run's figures. */
export const LIMITS_ANALYSED = '2026-11-29';

/**
 * What limits each target now, one short paragraph each, kept by hand: check them against the table when a figure
 * moves. Figures belong in the table; a paragraph names the cost that sits between a figure and its target.
 */
export const LIMITS: readonly string[] = [
  '**Initial pull under 1 s**: far inside, for a coordinator and for a driver. The time is the SQL and JSON of 20 pages of 500; a driver\u2019s pull checks each row of their charity\u2019s pickups against them and sends another driver\u2019s as a tombstone, a few per cent more.',
  "**API throughput, >= 0.8x a bare node:http server**: the lists are mostly their query and JSON, the same for both servers; `/donations/{id}`, the smallest answer, is the close one: the app costs ~18 µs a call more (garbage collection, our layers, Hono, microtasks, headers; no one layer holds it). The same code reads 0.7x-0.9x from one process to the next (both servers share PGlite's socket), so a run on a slow or shared host reads below 0.8x. ADRs 010-013 keep it where it is.",
  '**The regular donations\u2019 schedule, < 5 s and a bounded number of queries for 1,000 series**: one read of the running series, then a few multi-row inserts (donations, their accepted requests, the history): 11 statements whatever the count. The time is those inserts (the donations\u2019 indexes and triggers) and, per occurrence, a few `Intl` offset readings with kept formatters.',
  '**Server memory, embedded, <= 300 MB**: mostly PGlite. A bare PGlite process reopening its folder is the reference (its WebAssembly memory alone is ~140 MB). The 500 streams add 15-25 MB. What glibc keeps after freeing moves the total by tens of MB from one start to the next (ADR 014).',
  '**Server memory, Postgres, <= 200 MB**: far inside. Node itself and the app\'s modules.',
  '**One query per change per scope**: by design. Streams of one scope at the same checkpoint share one read (`sync/shared-reads.ts`).',
  "**Writes on Postgres, 0 × 5xx and >= 0.8x with the bookkeeping off**: close to its limit. The cost is the `_notify` triggers: Postgres commits one transaction that notified at a time, server-wide (NOTIFY's queue lock is held through the commit's WAL flush), and 1-3 backends wait for it (`Lock:object`). Before that lock, the two Node processes are the limit. Other databases' NOTIFYs on the same server share the lock.",
  "**Writes on the embedded database, 0 × 5xx and >= 0.8x with the bookkeeping off**: inside. One thread does all of it, the app's JavaScript and PGlite's statements one at a time on its one connection; the triggers are a small part of each write, and NOTIFY's lock holds no one up in a single session.",
  "**A compressed list during 200 parallel sign-ins, p95 <= 2x idle**: bounded by how many password hashes run at once (`HASHES_AT_ONCE` in `auth/passwords.ts`: half the cores, at most 2). Each scrypt keeps a core busy for ~30-60 ms; on 2 cores two at once left the list 2.4-3.2x its idle figure, one at once 1.4-1.5x. Sign-ins then go at ~17 a second on this host, and the 1,001st one waiting is answered 503.",
  "**CSV export, live heap growth < 8 MB**: far inside, by design. The export holds one batch of rows (`EXPORT_BATCH_ROWS`, 1,000) and its text at a time, and reads the next only when the client has taken it, so what it holds follows the batch, not the file. The bound leaves room for the driver's buffers.",
  "**Fresh sign-in, <= 2x RxDB's bulkInsert**: the lists show each pulled batch as it arrives (ADR 003), so what remains is the pull and the first render. The local store still fills at RxDB's write pace, about twice the bulkInsert, but no list waits for it.",
  "**Scrolling's worst frame, <= 50 ms**: at its limit. Headless Chromium without a GPU paints in software, and a frame of three display refreshes (16.7 ms each) is the target at 60 Hz. A slower host misses it.",
  '**Search, sort and food-type chip, <= 100 ms**: well inside on a fast host. Each one filters or orders the local documents and redraws the rows on screen. A slow host once took a keystroke to 113 ms.',
  '**Live change, p50 <= 100 ms and <= 3x a bare EventSource**: the stream\'s delivery (the reference), then the local store\'s write and the list\'s redraw.',
  "**Repeat visit, < 10 kB**: mostly headers. Each of the five replicated collections' pull and stream is ~1.4 kB; their tickets come in two requests (donations' first, the other four's together: ADR 021), ~1.2 kB. A sixth replicated collection would take it over.",
  '**Offline pickups, all 200 once**: by design. The outbox sends each with an `Idempotency-Key` until the server gives a definite answer (ADR 003).',
  "**A message to the other side, p50 <= 200 ms and <= 3x a bare EventSource**: the stream's delivery (the reference), then the sender's side (the message outbox's write to IndexedDB before its POST) and the reader's (the local store's write, the conversation's query and redraw). The sender's part is about the reference's again.",
  "**Opening My Pickups on a weak signal, <= 1.5 s**: the CPU, not the network. No request is on the path: the app opens on its kept session and asks the server afterwards, and the cards are drawn from the screen's last snapshot before the local store has opened (the row's log names the calls still open when the button shows). At the 4x slowdown the main thread is busy throughout: the start-up chunk's evaluation, the first screen's chunks and React's render of the cards, with RxDB's chunk and the store's opening beside them.",
  "**Ten confirmations and two photos within 60 s of the weak link's return, each once**: the photos' upload. Two photos of ~280 kB once the device has resized them take ~30 s at 150 kbit/s; the confirmations go first and take a few seconds. A driver's photos of more detail (the drop row's is ~600 kB) take proportionally longer. Each once by design: Idempotency-Key for the confirmations, the device's photo id for the uploads.",
  '**A dropped upload resumes**: by design. The server keeps the bytes of every whole chunk it took, and after a break the app asks for the offset (HEAD) and sends from there.',
  "**Home page JavaScript, <= 125 kB**: at its limit, whatever the host. The start-up chunk (React, the router, i18n) is most of it. Anything added to the signed-out home page must be paid for elsewhere (`pwa/BUDGET.md`).",
  '**Home page bytes on the wire, <= 200 kB**: the JavaScript above, plus the first pictures, the CSS and four API answers.',
  "**Lighthouse (>= 95 and 100, LCP <= 2.0 s, TBT <= 150 ms, CLS <= 0.05)**: it moves with the host. It is met when Lighthouse's BenchmarkIndex is above ~2,000, and TBT read 822-992 ms at 1,000-1,400. /allDonations' LCP is at its limit. What blocks at the 4x slowdown is the start-up: evaluating the start-up chunk and creating the router, React's first commit, and the first layout.",
];

const tableOf = (rows: Row[]) =>
  [
    '| figure | result | reference in the same run | target | |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.figure} | ${r.result} | ${r.reference} | ${r.target} | ${r.verdict} |`),
  ].join('\n');

const browserTable = (section: BrowserSection) => (section.rows.length ? tableOf(section.rows) : `Not measured in this run: ${section.note}.`);

export function performanceDoc(run: BenchRun): string {
  return [
    '# Performance',
    `Issue 9's targets, each figure measured beside a reference in the same run. Written by \`npm run bench\` on ${run.date}, ${run.database}, on ${run.machine}.`,
    '## Running the bench',
    "`npm run bench` measures everything below and rewrites this file. The browser figures need Debian's Chromium (`apt-get install chromium`). Without it, their tables say why they are missing, and the API figures stand. " +
      'Compare a figure with its reference from the same run, not with another run. On a shared or throttled host, every timing of a run is slower alike, and Lighthouse moves with the host (its BenchmarkIndex is printed beside its scores). ' +
      'Each browser bench also runs alone (`node pwa/e2e/bench-lists.mjs`, `bench-live.mjs`, `bench-field.mjs`, `bench-home.mjs`), and its header says how each figure is timed. The CSV export\'s memory figure runs alone too, on a fresh database (`npx tsx sync-server/src/bench/export-heap.ts`), and so do the write figures (`npx tsx sync-server/src/bench/writes.ts` on the embedded database, with `BENCH_POSTGRES_URL=postgres://...` on Postgres) and the sign-in flood (`npx tsx sync-server/src/bench/login-flood.ts`). Settings, all optional:',
    [
      '| setting | default | what it changes |',
      '|---|---|---|',
      '| `DATABASE_URL` | embedded PGlite | runs on that Postgres server instead, in a throwaway database |',
      '| `BENCH_POSTGRES_URL` | - | an embedded run also measures the memory and write targets on that Postgres server |',
      '| `BENCH_API_ROUNDS`, `BENCH_LOAD_MS` | 5, 3000 | rounds of each API figure, and each round\'s length |',
      '| `BENCH_STREAMS` | 500 | open pull streams |',
      '| `BENCH_FLOOD_SAMPLES` | 60 | list requests timed idle, and again during the sign-in flood |',
      '| `BENCH_WRITES_MS` | 60000 | time under load of each write figure (embedded: one server; Postgres: two), with the bookkeeping on and again off |',
      '| `BENCH_ROUNDS` | 3 | rounds of each browser figure |',
      '| `BENCH_LIST_SIZE`, `BENCH_HOME_SIZE` | 10000, 100000 | donations behind the browser lists, and behind the signed-out pages |',
      '| `BENCH_LIVE_CHANGES`, `BENCH_PICKUPS`, `BENCH_MESSAGES` | 50, 200, 50 | live changes, offline pickups and messages timed |',
      '| `CHROMIUM_PATH`, `E2E_PWA_DIST` | `/usr/bin/chromium`, a fresh build | the browser, and a build of the app to use |',
    ].join('\n'),
    '## The API and the server process',
    `The requests go through the real server over loopback HTTP, its code bundled as \`npm start\` runs it. The reference is a bare node:http server running the same queries. The two are interleaved, ${run.apiRounds} rounds of ${run.loadSeconds} s each, and the medians are shown. The load generator runs in a process of its own.`,
    tableOf(run.api),
    '## Lists in the browser',
    `\`pwa/e2e/bench-lists.mjs\`: a charity signs in on a fresh profile of headless Chromium (1280 x 800, no GPU) and opens All Donations. Medians of ${run.browserRounds} rounds.`,
    browserTable(run.lists),
    '## Live changes, a repeat visit, offline pickups and messages in the browser',
    "`pwa/e2e/bench-live.mjs`: the same charity's All Donations stays open while the admin verifies donations. The page is reloaded with its local store full, 200 donations accepted for the charity are picked up offline, and the charity writes 50 messages to a restaurant whose conversation is open.",
    browserTable(run.live),
    '## A driver on a weak signal',
    "`pwa/e2e/bench-field.mjs`: the charity's installed app (390 x 844, service worker on, its local store holding the 10,000 donations and 21 pickups) under the DevTools protocol's emulation: 400 kbit/s down, 150 kbit/s up, 600 ms round trip, CPU 4x slower. The reference is the same page on the unthrottled link. A new window opens on My Pickups, timed in the page from the navigation's start to the frame that shows its first Confirm Pickup; then confirmations and photos are queued offline and the weak link returns.",
    browserTable(run.field),
    '## The signed-out pages, and Lighthouse',
    `\`pwa/e2e/bench-home.mjs\`: the \`lighthouse\` package with its default mobile settings (simulated slow 4G, 4x CPU slowdown). Medians of ${run.browserRounds} runs. The reference is the replaced app's scores, as issue 9 quotes them.`,
    browserTable(run.home),
    `## What limits each target (as last analysed, ${LIMITS_ANALYSED})`,
    LIMITS.map((p) => `- ${p}`).join('\n'),
  ].join('\n\n') + '\n';
}
