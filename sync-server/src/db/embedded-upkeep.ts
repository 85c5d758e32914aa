import type { Sql } from './connection.ts';

/** How often the embedded database's tables are looked at; each is tidied only when autovacuum would have. */
export const UPKEEP_EVERY_MS = 10 * 60_000;
/** The first look, soon after start: a data folder filled by a seed, an import or a run that never looked. */
const FIRST_LOOK_MS = 5_000;

/** A table as the statistics see it, and what autovacuum's default rules would do with it. */
export interface TableState {
  table: string;
  liveRows: number;
  deadRows: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
  /** pg_class.reltuples: -1 until the table is first vacuumed or analysed (kept in the catalog, across restarts). */
  plannerRows: number;
}

/**
 * Postgres's defaults (autovacuum_vacuum_threshold 50 + scale factor 0.2, autovacuum_vacuum_insert_threshold 1000 +
 * 0.2, autovacuum_analyze_threshold 50 + 0.1), and a table the planner knows nothing about yet. Inserts alone call for
 * a vacuum too: it moves new rows from the search index's pending list (migration 027) into the index proper, which
 * the planner otherwise prices as read row by row. Exported for its test.
 */
export function upkeepOf(t: TableState): 'vacuum' | 'analyze' | null {
  if (t.deadRows > 50 + 0.2 * t.liveRows) return 'vacuum';
  if (t.insertedSinceVacuum > 1000 + 0.2 * t.liveRows) return 'vacuum';
  if (t.changedSinceAnalyze > 50 + 0.1 * t.liveRows) return 'analyze';
  if (t.plannerRows < 0 && t.liveRows + t.changedSinceAnalyze > 0) return 'analyze';
  return null;
}

export interface UpkeepLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What autovacuum does on a Postgres server, for the embedded one: PGlite runs no background workers, so without this
 * its tables are never analysed (the planner guesses their sizes: at 100,000 donations a page of the public list by
 * food type took 36-54 ms instead of 2-5, a first-sync batch of 1,000 rows 22 ms instead of 15) nor vacuumed (every
 * update and delete leaves its old row in the table). Postgres does this itself: not used there.
 *
 * PGlite runs one statement at a time, so while a table is vacuumed nothing else is answered (the whole database at
 * 100,000 donations: 220-370 ms on a 2-core host): hence a look every UPKEEP_EVERY_MS, not more often.
 */
export function keepEmbeddedTidy(sql: Sql, log: UpkeepLog, everyMs = UPKEEP_EVERY_MS) {
  let running: Promise<string[]> | null = null;
  let stopped = false;

  /** Vacuums or analyses the tables that need it; answers what it did ('vacuum donations', say). */
  const runOnce = (): Promise<string[]> =>
    (running ??= (async () => {
      try {
        const done: string[] = [];
        const started = performance.now();
        for (const state of await tableStates(sql)) {
          const work = upkeepOf(state);
          if (!work || stopped) continue;
          if (work === 'vacuum') await sql`VACUUM (ANALYZE) ${sql(state.table)}`.simple();
          else await sql`ANALYZE ${sql(state.table)}`.simple();
          done.push(`${work} ${state.table}`);
        }
        if (done.length) log.info({ done, ms: Math.round(performance.now() - started) }, 'embedded database upkeep');
        return done;
      } finally {
        running = null;
      }
    })());

  const look = () =>
    void runOnce().catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'embedded database upkeep failed'));
  const first = setTimeout(look, Math.min(FIRST_LOOK_MS, everyMs));
  const timer = setInterval(look, everyMs);
  first.unref();
  timer.unref();
  return {
    runOnce,
    /** No new work starts; resolves once the work under way (one table at most) is done. */
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** Every table of the schema as the statistics see it now (exported for its test). */
export async function tableStates(sql: Sql): Promise<TableState[]> {
  // PGlite's backend sends its statistics only when asked to (a server's backends send them when idle): this makes
  // the next statement's end send them, so the read below sees every change so far.
  await sql`SELECT pg_stat_force_next_flush()`;
  const rows = await sql<{ table: string; live: string; dead: string; inserted: string; changed: string; planner: number }[]>`
    SELECT s.relname AS table, s.n_live_tup AS live, s.n_dead_tup AS dead, s.n_ins_since_vacuum AS inserted,
           s.n_mod_since_analyze AS changed, c.reltuples AS planner
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = current_schema()
    ORDER BY s.relname`;
  return rows.map((r) => ({
    table: r.table,
    liveRows: Number(r.live),
    deadRows: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
    changedSinceAnalyze: Number(r.changed),
    plannerRows: Number(r.planner),
  }));
}
