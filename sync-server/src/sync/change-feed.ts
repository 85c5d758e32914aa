import postgres from 'postgres';
import type { Database, Sql } from '../db/connection.ts';
import { heldBackTables, maxChangeSeqs, REPLICATED_TABLES, type ReplicatedTable } from '../db/sync.ts';

export type { ReplicatedTable };
export type ChangeListener = (tables: ReadonlySet<ReplicatedTable>) => void;

/**
 * Tells this process's pull streams that a replicated table has committed changes; the streams then read what is
 * new for their caller from their own checkpoint. A notice may be spurious (a stream then finds nothing new) but a
 * committed change is never left unannounced.
 */
export interface ChangeFeed {
  readonly kind: 'notify' | 'poll';
  /** How many listeners are subscribed (open pull streams of this process). */
  readonly subscribers: number;
  /**
   * Resolves once the feed watches the database, so a change committed after that is announced; the caller reads
   * its starting checkpoint only then. Returns the unsubscribe function.
   */
  subscribe(listener: ChangeListener): Promise<() => void>;
  /**
   * Calls `listener` whenever an account may have changed in another server process (Postgres only: the embedded
   * database has one process, which knows its own writes). Resolves once that is watched; also called after a lost
   * connection is listened again, as changes may have been missed meanwhile.
   */
  watchAccounts(listener: () => void): Promise<void>;
  /**
   * A request of this process may have written: look for changes now rather than at the next poll (embedded only;
   * Postgres notifies on commit by itself).
   */
  nudge(): void;
  close(): Promise<void>;
}

export const CHANGE_CHANNEL = 'foodbridge_changes';
export const POLL_INTERVAL_MS = 200;

const ALL_TABLES: ReadonlySet<ReplicatedTable> = new Set(REPLICATED_TABLES);

function isReplicatedTable(value: string): value is ReplicatedTable {
  return (REPLICATED_TABLES as readonly string[]).includes(value);
}

abstract class BaseFeed {
  protected readonly listeners = new Set<ChangeListener>();
  protected readonly accountListeners = new Set<() => void>();
  protected closed = false;

  protected emitAccounts() {
    for (const listener of [...this.accountListeners]) {
      try {
        listener();
      } catch (err) {
        console.error('Change feed account listener failed', err);
      }
    }
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  protected emit(tables: ReadonlySet<ReplicatedTable>) {
    if (tables.size === 0) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(tables);
      } catch (err) {
        console.error('Change feed listener failed', err);
      }
    }
  }
}

/** How often a lost LISTEN connection is tried again, until the database answers. */
export const RELISTEN_INTERVAL_MS = 500;
/** The first wait before looking again at a change held back behind an older transaction; it doubles up to 1 s. */
export const HELD_BACK_RECHECK_MS = 50;
/** How long the question "is a change held back?" may take before the feed assumes so and announces anyway. */
const HELD_BACK_CHECK_TIMEOUT_MS = 500;

/**
 * Real Postgres: triggers (migration 005) NOTIFY on commit and one dedicated connection LISTENs, so a change made
 * through any server process on the database reaches the streams of every process. The connection is opened on
 * the first subscription and kept until close(). When it is lost (connections terminated, Postgres restarted) the
 * feed LISTENs again every half second until the database answers; notifications sent meanwhile are lost, so a
 * re-listen announces every table and each stream re-reads from its own checkpoint. postgres.js's own `listen`
 * helper is not used: it re-listens from its close handler at the pool's reconnect pace (about 20 connections a
 * second against a Postgres answering 57P03 'starting up') and drops a failed attempt silently; this one waits
 * between attempts and says whether it listens.
 */
export class NotifyChangeFeed extends BaseFeed implements ChangeFeed {
  readonly kind = 'notify';
  /** Postgres notifies every process on commit: nothing to hurry. */
  nudge(): void {}
  private listenerSql: Sql | undefined;
  private ready: Promise<void> | undefined;
  private listening = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: Database['connection'],
    private readonly relistenIntervalMs = RELISTEN_INTERVAL_MS,
  ) {
    super();
  }

  /** Whether the feed is listening now (false while the database is out of reach). */
  get isListening(): boolean {
    return this.listening;
  }

  /**
   * Resolves once the feed has listened at least once. A subscriber arriving during an outage is not held: the
   * database is out of reach for its own reads too, and the re-listen announces every table anyway.
   */
  async subscribe(listener: ChangeListener): Promise<() => void> {
    if (this.closed) throw new Error('The change feed is closed');
    this.listeners.add(listener);
    try {
      await (this.ready ??= this.start());
    } catch (err) {
      this.listeners.delete(listener);
      this.ready = undefined;
      throw err;
    }
    return () => {
      this.listeners.delete(listener);
    };
  }

  async watchAccounts(listener: () => void): Promise<void> {
    if (this.closed) throw new Error('The change feed is closed');
    this.accountListeners.add(listener);
    try {
      await (this.ready ??= this.start());
    } catch (err) {
      this.accountListeners.delete(listener);
      this.ready = undefined;
      throw err;
    }
  }

  private async start() {
    // `onnotify` is the option postgres.js's own listen helper is built on; its type declarations leave it out.
    const options: Database['connection'] & { onnotify: (channel: string, payload: string) => void } = {
      ...this.connection,
      max: 1,
      // 0: no timer. The one connection is held for as long as the feed lives.
      idle_timeout: 0,
      max_lifetime: 0,
      onnotify: (channel, payload) => {
        if (channel !== CHANGE_CHANNEL) return;
        if (isReplicatedTable(payload)) this.announce(payload);
        else if (payload === 'users') this.emitAccounts();
      },
      onclose: () => this.lost(),
    };
    const sql = postgres(options);
    this.listenerSql = sql;
    try {
      await this.listen(sql);
      this.listening = true;
    } catch (err) {
      this.listenerSql = undefined;
      await sql.end({ timeout: 1 });
      throw err;
    }
  }

  private async listen(sql: Sql) {
    await sql.unsafe(`LISTEN "${CHANGE_CHANNEL}"`);
  }

  private readonly pending = new Set<ReplicatedTable>();
  private announcing = false;

  private announce(table: ReplicatedTable) {
    this.pending.add(table);
    if (!this.announcing) void this.announcePending();
  }

  /**
   * Announces the notified tables, and again while a change of theirs is held back. A change committed by a
   * transaction newer than one still running is above the pulls' horizon (db/sync.ts): no stream reads it until that
   * older transaction ends, which may write nothing replicated and so notify nothing. So the feed asks first which
   * tables hold such a change, then announces: a stream reading after the question sees at least what the question
   * saw as final, and a table still held back is announced again after a short wait.
   */
  /**
   * The tables holding a change above the horizon. Not known within HELD_BACK_CHECK_TIMEOUT_MS (the connection is
   * lost or being replaced): taken as every table, so they are announced again until the question is answered.
   */
  private async heldBack(): Promise<readonly ReplicatedTable[]> {
    const sql = this.listenerSql;
    if (!sql) return REPLICATED_TABLES;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<readonly ReplicatedTable[]>((resolve) => {
      timer = setTimeout(() => resolve(REPLICATED_TABLES), HELD_BACK_CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([heldBackTables(sql), late]);
    } catch {
      return REPLICATED_TABLES;
    } finally {
      clearTimeout(timer);
    }
  }

  private async announcePending() {
    this.announcing = true;
    let wait = HELD_BACK_RECHECK_MS;
    try {
      while (this.pending.size > 0 && !this.closed) {
        const tables = new Set(this.pending);
        this.pending.clear();
        const held = await this.heldBack();
        this.emit(tables);
        if (held.length === 0) {
          wait = HELD_BACK_RECHECK_MS;
          continue;
        }
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
        wait = Math.min(wait * 2, 1000);
        for (const table of [...tables, ...held]) this.pending.add(table);
      }
    } finally {
      this.announcing = false;
    }
  }

  private lost() {
    if (this.closed || !this.listening) return;
    this.listening = false;
    this.relisten();
  }

  private relisten() {
    const sql = this.listenerSql;
    if (!sql || this.closed) return;
    this.listen(sql).then(
      () => {
        if (this.closed) return;
        this.listening = true;
        this.emit(ALL_TABLES);
        this.emitAccounts();
      },
      () => {
        if (this.closed) return;
        this.retryTimer = setTimeout(() => this.relisten(), this.relistenIntervalMs);
        this.retryTimer.unref();
      },
    );
  }

  async close() {
    this.closed = true;
    this.listening = false;
    this.listeners.clear();
    this.accountListeners.clear();
    clearTimeout(this.retryTimer);
    const sql = this.listenerSql;
    this.listenerSql = undefined;
    if (sql) await sql.end({ timeout: 1 });
  }
}

/**
 * Embedded PGlite: notifications do not cross its socket (shared/FACTS.md), so while anyone listens the feed reads
 * the committed max(change_seq) of each replicated table every 200 ms (one short query on the single connection,
 * never held) and announces the tables whose value grew.
 */
export class PollingChangeFeed extends BaseFeed implements ChangeFeed {
  readonly kind = 'poll';
  private last: Record<ReplicatedTable, number> | undefined;
  private starting: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private generation = 0;

  constructor(
    private readonly sql: Sql,
    private readonly intervalMs = POLL_INTERVAL_MS,
  ) {
    super();
  }

  async subscribe(listener: ChangeListener): Promise<() => void> {
    if (this.closed) throw new Error('The change feed is closed');
    this.listeners.add(listener);
    try {
      // The baseline is read before the subscriber reads its checkpoint, so nothing falls between the two.
      await (this.starting ??= this.start());
    } catch (err) {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
      throw err;
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** One process owns the embedded database: no other process changes an account behind this one's back. */
  async watchAccounts(): Promise<void> {
    if (this.closed) throw new Error('The change feed is closed');
  }

  private async start() {
    const generation = this.generation;
    const baseline = await maxChangeSeqs(this.sql);
    if (generation !== this.generation || this.closed) return;
    this.last = baseline;
    this.schedule(generation);
  }

  private stop() {
    // A poll in flight belongs to the old generation and neither reschedules nor emits.
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.starting = undefined;
    this.last = undefined;
  }

  /**
   * Polls at once instead of at the timer (a write request just finished here, and one process owns the embedded
   * database: that is where its changes come from). A poll already running is followed by one more, so a write that
   * committed after it read is still seen now.
   */
  nudge(): void {
    if (this.closed || !this.last || !this.timer) {
      if (this.inFlight) this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.run(this.generation);
  }

  private again = false;

  private run(generation: number) {
    this.inFlight = this.poll(generation).finally(() => {
      this.inFlight = undefined;
      if (generation !== this.generation || this.closed) return;
      if (this.again) {
        this.again = false;
        this.run(generation);
      } else this.schedule(generation);
    });
  }

  private schedule(generation: number) {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run(generation);
    }, this.intervalMs);
    this.timer.unref();
  }

  private async poll(generation: number) {
    let now: Record<ReplicatedTable, number>;
    try {
      now = await maxChangeSeqs(this.sql);
    } catch (err) {
      if (!this.closed) console.error('Change feed poll failed', err);
      return;
    }
    const before = this.last;
    if (!before || generation !== this.generation || this.closed) return;
    const grown = new Set(REPLICATED_TABLES.filter((t) => now[t] > before[t]));
    this.last = now;
    this.emit(grown);
  }

  async close() {
    this.closed = true;
    this.listeners.clear();
    this.stop();
    await this.inFlight;
  }
}

export function createChangeFeed(db: Database): ChangeFeed {
  return db.mode === 'postgres' ? new NotifyChangeFeed(db.connection) : new PollingChangeFeed(db.sql);
}
