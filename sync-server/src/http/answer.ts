// The middlewares that finish every answer (request id, security headers, caching, Vary, compression) read and add
// headers through this view instead of `res.headers`.
//
// Why: under @hono/node-server an answer made by c.json() is a light Response holding what it was made with (status,
// body, and the headers as a plain object) and written from those straight to the socket. The first touch of
// `res.headers` turns the object into a fetch Headers (each later get and set goes through its validation), and the
// server then turns it back into an object to write it. On /donations/{id}, the smallest answer, those round trips
// were a tenth of the server's time per call (issue 9: 0.8x of a bare node:http server is the target).
//
// The light Response keeps them under a symbol described 'cache' as [status, body, headers]. That is the package's
// private layout, so everything here checks what it finds, and anything else (another runtime, app.request() in
// tests, a future version that changed it) goes through the standard Headers API: the outcome is the same, only
// slower. answer.test.ts fails when the installed version no longer matches, so that an upgrade is noticed.

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
}

/** Over the plain object a light answer was made with: copied before the first change (it may be shared). */
class RecordHeaders implements AnswerHeaders {
  private own = false;
  /** Lower-cased name -> the record's key, as the record spells it. */
  private readonly keys = new Map<string, string>();

  constructor(private readonly held: Held) {
    for (const key in held[2] as HeaderRecord) this.keys.set(key.toLowerCase(), key);
  }

  private get record(): HeaderRecord {
    return this.held[2] as HeaderRecord;
  }

  private writable(): HeaderRecord {
    if (!this.own) {
      this.held[2] = { ...this.record };
      this.own = true;
    }
    return this.record;
  }

  get(name: string): string | null {
    const key = this.keys.get(name.toLowerCase());
    return key === undefined ? null : String(this.record[key]);
  }

  has(name: string): boolean {
    return this.keys.has(name.toLowerCase());
  }

  set(name: string, value: string): void {
    const lower = name.toLowerCase();
    const key = this.keys.get(lower);
    const record = this.writable();
    if (key !== undefined && key !== name) delete record[key];
    record[name] = value;
    this.keys.set(lower, name);
  }

  delete(name: string): void {
    const lower = name.toLowerCase();
    const key = this.keys.get(lower);
    if (key === undefined) return;
    delete this.writable()[key];
    this.keys.delete(lower);
  }
}

/**
 * A view of `res`'s headers that leaves a light answer light. Changes through it are changes to `res`; do not mix
 * it with `res.headers` on the same answer (read `res.headers` once this view is no longer used).
 */
export function answerHeaders(res: Response): AnswerHeaders {
  const held = heldOf(res);
  if (held && isRecord(held[2])) return new RecordHeaders(held);
  return res.headers;
}
