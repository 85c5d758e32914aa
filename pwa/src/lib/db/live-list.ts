// A sorted list of a collection's documents kept current from the collection's change events, for lists of
// thousands (All Donations at city scale). An RxDB query of 10,000 results pays for every change with work in
// proportion to the whole list: event-reduce copies its map of 10,000, the result maps 10,000 documents to
// RxDocuments, the list is converted and sorted again, and while a first sync writes a batch of 1,000 (more changes
// than RxDB's change buffer holds) the query runs again over IndexedDB. Here the query runs once; a change then
// costs a binary search and a copy of the array, and a batch of 1,000 a sort of those and one merge.
//
// A first sync's pulled batches also reach the lists before RxDB has written them (stagePulled): at sign-in on a
// fresh device the writes of 10,000 donations end 0.3 s (a fast host) to over 1 s (a slow one) after the last batch
// arrived, and All Donations waited for them. The writes then confirm what the lists already show: nothing redraws.
import type { MangoQuerySelector, RxChangeEventBulk, RxCollection, RxDocumentData, WithDeleted } from 'rxdb/plugins/core';
import type { Subscribable } from './local-query';

interface Keyed {
  _id: string;
}

/** A document as the screens see it: RxDB's own fields left out, as toMutableJSON() leaves them out. */
function plainOf<T>(data: RxDocumentData<T>): T {
  const { _rev, _meta, _attachments, _deleted, ...doc } = data as RxDocumentData<T> & Record<string, unknown>;
  return doc as T;
}

/**
 * The same document state: the same fields with the same values (nested values compared as JSON; RxDB writes a pulled
 * document's nested values as they came, so these are mostly the same objects).
 */
function sameDoc(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let fields = 0;
  for (const key in x) {
    fields += 1;
    const u = x[key];
    const v = y[key];
    if (u === v) continue;
    if (typeof u !== 'object' || typeof v !== 'object' || u === null || v === null) return false;
    if (JSON.stringify(u) !== JSON.stringify(v)) return false;
  }
  for (const _ in y) fields -= 1;
  return fields === 0;
}

/** Where `doc` belongs in `list` (sorted by `compare`, a total order): the index of the first element after it. */
function positionOf<T>(list: readonly T[], doc: T, compare: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid] as T, doc) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Two sorted lists as one. */
function merge<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const out = new Array<T>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i] as T, b[j] as T) <= 0 ? (a[i++] as T) : (b[j++] as T);
  while (i < a.length) out[k++] = a[i++] as T;
  while (j < b.length) out[k++] = b[j++] as T;
  return out;
}

/** Beyond this many changes at once, filtering and merging the whole list is cheaper than one splice each. */
const SPLICES_AT_MOST = 32;
/** How long a list nobody watches is kept current, so that a screen opened again gets it at once. */
const KEEP_MS = 5 * 60_000;

interface Observer<T> {
  next: (value: T) => void;
  error: (err: unknown) => void;
}

/** Documents by id: a plain copy, or null for one that left (deleted). */
type Changes<T> = Map<string, T | null>;

/**
 * A collection's pulled documents that RxDB has not written yet, during the replication's first sync of a session.
 * An entry goes when any write of its document is seen (RxDB writes pulled batches in the order they came, so that
 * write is this state's, or rarely an older one whose newer state follows within the same sync), and all go when the
 * first sync is written. Only for a collection that changes through its replication alone (donations): a local write
 * is never hidden behind a staged state.
 */
class Staging<T extends Keyed> {
  /** Each staged document's newest pulled state, not yet written (null: deleted). */
  readonly pending: Changes<T> = new Map();
  private readonly lists = new Set<(changes: Changes<T>) => void>();
  private sub: { unsubscribe(): void } | null = null;

  constructor(private readonly collection: RxCollection<T>) {}

  stage(docs: ReadonlyArray<WithDeleted<T>>) {
    if (!docs.length) return;
    if (!this.sub) {
      this.sub = this.collection.eventBulks$.subscribe((bulk: RxChangeEventBulk<T>) => {
        for (const event of bulk.events) this.pending.delete(event.documentId);
      });
    }
    const changes: Changes<T> = new Map();
    for (const doc of docs) changes.set(doc._id, doc._deleted ? null : plainOf<T>(doc as RxDocumentData<T>));
    for (const [id, doc] of changes) this.pending.set(id, doc);
    for (const list of this.lists) list(changes);
  }

  end() {
    this.sub?.unsubscribe();
    this.sub = null;
    this.pending.clear();
  }

  follow(list: (changes: Changes<T>) => void) {
    this.lists.add(list);
    return () => void this.lists.delete(list);
  }
}

const stagings = new WeakMap<RxCollection, Staging<any>>();

function stagingOf<T extends Keyed>(collection: RxCollection<T>): Staging<T> {
  let staging = stagings.get(collection) as Staging<T> | undefined;
  if (!staging) stagings.set(collection, (staging = new Staging<T>(collection)));
  return staging;
}

/**
 * A pulled batch, as RxDB will write it (after the replication's modifier), shown by the collection's lists now.
 * Call only during the first sync, and endStaging() when it is written (or given up).
 */
export function stagePulled<T extends Keyed>(collection: RxCollection<T>, docs: ReadonlyArray<WithDeleted<T>>) {
  stagingOf(collection).stage(docs);
}

/** The first sync is written: the lists follow the collection's writes alone again. */
export function endStaging(collection: RxCollection) {
  stagings.get(collection)?.end();
}

/** One list, shared by every subscriber with the same key (as RxDB shares equal queries). */
class SharedList<T extends Keyed> {
  private list: T[] | null = null;
  private readonly byId = new Map<string, T>();
  private waiting: RxChangeEventBulk<T>[] = [];
  private readonly observers = new Set<Observer<T[]>>();
  private sub: { unsubscribe(): void } | null = null;
  private unfollow: () => void = () => undefined;
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly collection: RxCollection<T>,
    private readonly selector: MangoQuerySelector<T>,
    private readonly matches: (doc: T) => boolean,
    private readonly compare: (a: T, b: T) => number,
    private readonly onStop: () => void,
  ) {}

  add(observer: Observer<T[]>) {
    clearTimeout(this.idle);
    this.observers.add(observer);
    if (!this.sub) this.start();
    else if (this.list) observer.next(this.list);
  }

  remove(observer: Observer<T[]>) {
    this.observers.delete(observer);
    if (this.observers.size) return;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), KEEP_MS);
  }

  private stop() {
    clearTimeout(this.idle);
    this.sub?.unsubscribe();
    this.unfollow();
    this.sub = null;
    this.list = null;
    this.byId.clear();
    this.waiting = [];
    this.onStop();
  }

  private start() {
    const sub = this.collection.eventBulks$.subscribe((bulk: RxChangeEventBulk<T>) => {
      if (bulk.isLocal) return;
      if (!this.list) this.waiting.push(bulk);
      else if (this.apply(this.changesOf([bulk]))) this.emit();
    });
    this.sub = sub;
    // Staged batches come in before the first read is done too: that read ends by applying every staged state.
    const staging = stagingOf(this.collection);
    this.unfollow = staging.follow((changes) => {
      if (this.list && this.apply(this.matching(changes))) this.emit();
    });
    // A database removed at sign-out takes its lists with it, watched or not.
    this.collection.onClose.push(() => {
      if (this.sub === sub) this.stop();
    });
    // Straight from the storage, not through RxQuery.exec(): RxDB runs a query again whenever a write committed while
    // it ran, and during a first sync the writes follow one another, so All Donations stayed empty until the last one.
    // Changes made meanwhile are in `waiting` and applied below, which is all RxDB's re-run would have achieved.
    const prepared = this.collection.find({ selector: this.selector }).getPreparedQuery();
    this.collection.storageInstance
      .query(prepared)
      .then(({ documents }) => {
        if (this.sub !== sub) return;
        const first = documents.map((d) => plainOf<T>(d)).sort(this.compare);
        for (const doc of first) this.byId.set(doc._id, doc);
        this.list = first;
        // Each change carries its document's whole state: applying one the query already saw changes nothing. What is
        // staged is newer than anything written.
        this.apply(this.changesOf(this.waiting));
        this.waiting = [];
        this.apply(this.matching(staging.pending));
        this.emit();
      })
      .catch((err: unknown) => {
        if (this.sub !== sub) return;
        for (const observer of this.observers) observer.error(err);
        this.stop();
      });
  }

  private emit() {
    const list = this.list as T[];
    for (const observer of this.observers) observer.next(list);
  }

  /** The last state of each document in these bulks: its new plain copy, or null when it leaves the list. */
  private changesOf(bulks: RxChangeEventBulk<T>[]): Changes<T> {
    const changed: Changes<T> = new Map();
    for (const bulk of bulks) {
      for (const event of bulk.events) {
        const data = event.documentData;
        const doc = data._deleted ? null : plainOf<T>(data);
        changed.set(event.documentId, doc && this.matches(doc) ? doc : null);
      }
    }
    return changed;
  }

  /** The changes with the documents this list does not hold as null. */
  private matching(changes: Changes<T>): Changes<T> {
    const out: Changes<T> = new Map();
    for (const [id, doc] of changes) out.set(id, doc && this.matches(doc) ? doc : null);
    return out;
  }

  /** Applies the changes to the list; false when none of them touched it. */
  private apply(changed: Changes<T>): boolean {
    const { byId, compare } = this;
    // A state the list already shows (a staged document, now written) keeps its object: its row does not re-render.
    for (const [id, doc] of changed) {
      const old = byId.get(id);
      if (doc && old && sameDoc(old, doc)) changed.delete(id);
    }
    const gone = [...changed.keys()].filter((id) => byId.has(id));
    if (!gone.length && ![...changed.values()].some(Boolean)) return false;
    let next = this.list as T[];
    if (changed.size <= SPLICES_AT_MOST) {
      next = next.slice();
      for (const id of gone) {
        const old = byId.get(id) as T;
        const at = positionOf(next, old, compare) - 1;
        next.splice(next[at] === old ? at : next.indexOf(old), 1);
        byId.delete(id);
      }
      for (const [id, doc] of changed) {
        if (!doc) continue;
        next.splice(positionOf(next, doc, compare), 0, doc);
        byId.set(id, doc);
      }
    } else {
      if (gone.length) next = next.filter((d) => !changed.has(d._id));
      for (const id of gone) byId.delete(id);
      const added: T[] = [];
      for (const [id, doc] of changed) {
        if (!doc) continue;
        added.push(doc);
        byId.set(id, doc);
      }
      next = merge(next, added.sort(compare), compare);
    }
    this.list = next;
    return true;
  }
}

const lists = new WeakMap<RxCollection, Map<string, SharedList<any>>>();

/**
 * The documents of `collection` that match both `selector` (for the first read) and `matches` (the same test, for
 * the changes), sorted by `compare`, which must be a total order (break ties by id). `key` names the list: every
 * subscriber with the same key shares one, and a list nobody watches is kept for a while, so a screen opened again
 * does not read 10,000 documents again. Every emission is a new array; a document that did not change keeps its
 * object, so a memoised row re-renders only when its own document changed. Nothing may mutate these objects.
 */
export function liveList<T extends Keyed>(
  collection: RxCollection<T>,
  key: string,
  selector: MangoQuerySelector<T>,
  matches: (doc: T) => boolean,
  compare: (a: T, b: T) => number,
): Subscribable<T[]> {
  return {
    subscribe(observer) {
      let byKey = lists.get(collection);
      if (!byKey) lists.set(collection, (byKey = new Map()));
      const owner = byKey;
      let shared = owner.get(key) as SharedList<T> | undefined;
      if (!shared) {
        const made: SharedList<T> = new SharedList<T>(collection, selector, matches, compare, () => {
          if (owner.get(key) === made) owner.delete(key);
        });
        owner.set(key, made);
        shared = made;
      }
      const mine: Observer<T[]> = { next: (v) => observer.next(v), error: (e) => observer.error(e) };
      const list = shared;
      list.add(mine);
      let subscribed = true;
      return {
        unsubscribe() {
          if (subscribed) list.remove(mine);
          subscribed = false;
        },
      };
    },
  };
}
