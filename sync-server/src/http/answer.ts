// The middlewares that finish every answer (request id, security headers, caching, Vary, compression) read and add
// headers through this view instead of `res.headers`. Under @hono/node-server, reading `res.headers` of an answer
// made by c.json() turns its plain header object into a fetch Headers, and the server turns it back to write it: a
// tenth of /donations/{id}'s time (issue 9). The view writes into the object instead, reading the package's private
// layout (a symbol described 'cache' holding [status, body, headers]); it checks what it finds, and anything else goes
// through the standard Headers API, with the same outcome, only slower. answer.test.ts fails when the installed
// version no longer matches. Why, what it buys and how to remove it: docs/decisions/011-answer-writing.md.

type HeaderRecord = Record<string, string>;
type Held = [status: number, body: unknown, headers: unknown];

let cacheSymbol: symbol | undefined;

function heldOf(res: Response): Held | undefined {
  if (cacheSymbol === undefined) {
    cacheSymbol = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache');
    if (cacheSymbol === undefined) return undefined;
  }
  const held: unknown = (res as unknown as Record<symbol, unknown>)[cacheSymbol];
  return Array.isArray(held) && held.length === 3 && typeof held[0] === 'number' ? (held as Held) : undefined;
}

const isRecord = (value: unknown): value is HeaderRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Headers) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The body an answer was made with, when it was a string or bytes and nothing has read it; `undefined` when that
 * cannot be told (a streamed body, another runtime): the caller then reads it the standard way. Reading it through
 * the Fetch API would build a web stream and a second Response per answer.
 */
export function heldBody(res: Response): string | Uint8Array | null | undefined {
  const body = heldOf(res)?.[1];
  return body === null || typeof body === 'string' || body instanceof Uint8Array ? body : undefined;
}

/** An answer's headers, names case-insensitive as in Headers. */
export interface AnswerHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  delete(name: string): void;
  /** Sets each of `values` (lower-case names), as set() would one by one. */
  assign(values: Readonly<HeaderRecord>): void;
}

/**
 * Over the plain object a light answer was made with (one to three names: c.json's Content-Type, say). The first
 * change copies it (the given one may be shared between answers), property by property; later changes go to that
 * copy. Not a spread: V8 builds `{ ...record, [name]: value }` through its slow path, ~1 µs each, and the answers of
 * /donations/{id} took four of them (issue 9).
 */
class RecordHeaders implements AnswerHeaders {
  private seen: unknown;
  /** Whether the record is this view's own copy, which it may change in place. */
  private owned = false;

  constructor(private readonly held: Held) {
    this.seen = held[2];
  }

  /** False once something else replaced the record (a read of `res.headers` turns it into a Headers). */
  current(): boolean {
    return this.held[2] === this.seen;
  }

  private get record(): HeaderRecord {
    return this.held[2] as HeaderRecord;
  }

  /** The record, as this view's own copy (without the headers `drop` names, by lower-case name), to change. */
  private own(drop?: (lower: string) => boolean): HeaderRecord {
    if (this.owned && !drop) return this.record;
    const out: HeaderRecord = {};
    const record = this.record;
    for (const key in record) if (!drop?.(key.toLowerCase())) out[key] = record[key]!;
    this.held[2] = this.seen = out;
    this.owned = true;
    return out;
  }

  /** The record's own spelling of `lower`, if it has that header. */
  private keyOf(lower: string): string | undefined {
    for (const key in this.record) if (key.length === lower.length && key.toLowerCase() === lower) return key;
    return undefined;
  }

  get(name: string): string | null {
    const key = this.keyOf(name.toLowerCase());
    return key === undefined ? null : String(this.record[key]);
  }

  has(name: string): boolean {
    return this.keyOf(name.toLowerCase()) !== undefined;
  }

  set(name: string, value: string): void {
    const lower = name.toLowerCase();
    const key = this.keyOf(lower);
    this.own(key === undefined || key === name ? undefined : (n) => n === lower)[name] = value;
  }

  delete(name: string): void {
    const lower = name.toLowerCase();
    if (this.keyOf(lower) !== undefined) this.own((n) => n === lower);
  }

  assign(values: Readonly<HeaderRecord>): void {
    let clash = false;
    for (const key in this.record) {
      const lower = key.toLowerCase();
      if (lower !== key && lower in values) clash = true;
    }
    const out = this.own(clash ? (n) => n in values : undefined);
    for (const key in values) out[key] = values[key]!;
  }
}

/** The standard Headers as an AnswerHeaders. */
class StandardHeaders implements AnswerHeaders {
  constructor(private readonly headers: Headers) {}
  get = (name: string) => this.headers.get(name);
  has = (name: string) => this.headers.has(name);
  set = (name: string, value: string) => this.headers.set(name, value);
  delete = (name: string) => this.headers.delete(name);
  assign(values: Readonly<HeaderRecord>) {
    for (const name in values) this.headers.set(name, values[name]!);
  }
}

/**
 * A view of `res`'s headers that leaves a light answer light. Changes through it are changes to `res`; do not mix
 * it with `res.headers` on the same answer (read `res.headers` once this view is no longer used).
 */
export function answerHeaders(res: Response): AnswerHeaders {
  if (lastAnswer === res && lastView?.current()) return lastView;
  const held = heldOf(res);
  if (!held || !isRecord(held[2])) return new StandardHeaders(res.headers);
  lastAnswer = res;
  return (lastView = new RecordHeaders(held));
}

/** Adds `name` to the answer's `Vary` (caches must tell answers apart by that request header), once. */
export function varyOn(headers: AnswerHeaders, name: string): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', name);
  else if (!vary.toLowerCase().split(/\s*,\s*/).includes(name.toLowerCase())) headers.set('Vary', `${vary}, ${name}`);
}

/**
 * The view last made, and its answer: the middlewares that finish an answer run one after the other (app.ts), so they
 * share it, and its copy of the headers. Not a WeakMap of every answer's view: its entry per answer was a cost of its
 * own, for the collector too (issue 9). When answers interleave (one waits for its compression, say), a second view
 * of the same answer is made; that is only slower, as views go by what the answer holds (`current`).
 */
let lastAnswer: Response | undefined;
let lastView: RecordHeaders | undefined;
