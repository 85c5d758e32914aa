import { UnsupportedPathError, type Result, type Router } from 'hono/router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

// Hono's RegExpRouter refuses this API's routes (a literal beside a parameter: `/donations/verified` and
// `/donations/:id`), and its fallback TrieRouter searches and sorts on every call. The routes here are only literal
// segments, `:name` parameters and the middlewares' `/*`, so a match is a short scan of the candidates listed once per
// method and first segment. Anything else is refused, and SmartRouter then takes TrieRouter. Why, what it buys and how
// to remove it: docs/decisions/010-router.md.

// Parameters in plain objects, not Object.create(null), which V8 makes a dictionary (ADR 010). A parameter named
// `__proto__` would then set the prototype (and one named after another Object.prototype member would read as it
// when absent): `add` refuses such a name.
const EMPTY: Record<string, string> = Object.freeze({}) as Record<string, string>;

interface Route<T> {
  method: string;
  /** The segments after the leading slash: a literal, or a parameter's name (`param` true). Empty for `/*`. */
  segments: Array<{ text: string; param: boolean }>;
  /** `/*`: every path. */
  everything: boolean;
  handler: T;
}

/** Each method's candidates by a path's first segment; `other` for a first segment no route names literally. */
interface Candidates<T> {
  byFirst: Map<string, Route<T>[]>;
  other: Route<T>[];
}

// A name may hold a dot, as TrieRouter reads it: `/calendar/:token.ics` has one parameter, named `token.ics`, that is
// the whole segment (Hono has no parameter with a literal suffix; the calendar's handler checks and strips `.ics`).
const PARAM = /^:[A-Za-z_][A-Za-z0-9_.]*$/;
const LITERAL = /^[A-Za-z0-9._~-]+$/;

export class SegmentRouter<T> implements Router<T> {
  name = 'SegmentRouter';
  private readonly routes: Route<T>[] = [];
  private readonly built = new Map<string, Candidates<T>>();
  private readonly methods = new Set<string>();

  add(method: string, path: string, handler: T): void {
    if (path === '*' || path === '/*') {
      this.routes.push({ method, segments: [], everything: true, handler });
    } else {
      const parts = path.split('/');
      if (parts[0] !== '' || parts.length < 2) throw new UnsupportedPathError(path);
      const segments = parts.slice(1).map((part) => {
        if (PARAM.test(part) && !(part.slice(1) in Object.prototype)) return { text: part.slice(1), param: true };
        if (LITERAL.test(part)) return { text: part, param: false };
        // Optional or pattern parameters, inner wildcards, empty segments: TrieRouter's (see `apiRouter`).
        throw new UnsupportedPathError(path);
      });
      this.routes.push({ method, segments, everything: false, handler });
    }
    this.methods.add(method);
    this.built.clear();
  }

  match(method: string, path: string): Result<T> {
    if (path.length === 0) return [[]];
    // A method no route names explicitly has only the ALL routes: one list for all of them, not one each.
    const key = this.methods.has(method) ? method : 'ALL';
    const candidates = this.built.get(key) ?? this.build(key);
    // As TrieRouter splits it: the leading slash dropped, every other one a boundary (a trailing one leaves an empty
    // last segment, which nothing but `/*` matches).
    const parts = (path.charCodeAt(0) === 47 ? path.slice(1) : path).split('/');
    const list = candidates.byFirst.get(parts[0]!) ?? candidates.other;
    const found: [T, Record<string, string>][] = [];
    for (const route of list) {
      if (route.everything) {
        found.push([route.handler, EMPTY]);
        continue;
      }
      const { segments } = route;
      if (segments.length !== parts.length) continue;
      let params: Record<string, string> | undefined;
      let i = 0;
      for (; i < segments.length; i++) {
        const segment = segments[i]!;
        const part = parts[i]!;
        if (segment.param) {
          if (part === '') break;
          (params ??= {})[segment.text] = part;
        } else if (segment.text !== part) break;
      }
      if (i === segments.length) found.push([route.handler, params ?? EMPTY]);
    }
    return [found];
  }

  private build(method: string): Candidates<T> {
    const routes = this.routes.filter((r) => r.method === method || r.method === 'ALL');
    // Routes any first segment may reach: `/*`, and those starting with a parameter.
    const open = (r: Route<T>) => r.everything || r.segments[0]!.param;
    const firsts = new Set(routes.filter((r) => !open(r)).map((r) => r.segments[0]!.text));
    const byFirst = new Map([...firsts].map((text) => [text, routes.filter((r) => open(r) || r.segments[0]!.text === text)]));
    const candidates = { byFirst, other: routes.filter(open) };
    this.built.set(method, candidates);
    return candidates;
  }
}

/** The app's router: SegmentRouter, or TrieRouter should a route ever need more than it reads (Hono picks at the first call). */
export const apiRouter = <T>(): Router<T> => new SmartRouter<T>({ routers: [new SegmentRouter<T>(), new TrieRouter<T>()] });
