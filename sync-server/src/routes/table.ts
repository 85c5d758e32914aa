// The route table: every route of the API, in the order the app registers them (a literal path before a parameter
// that could match it). The app mounts it, /openapi.json is made from it, the permission matrix lists its routes from
// it, and the app's typed client reads its types (`ApiRoute`).
import type { Route } from '../http/route.ts';
import { OPERATIONS } from '../openapi/document.ts';
import { donationRoutes } from './donations.ts';

/** Public routes answered before sign-in is looked at (health, metrics, the API reference). */
export const OPEN_ROUTES = [] as const;

/** The API behind sign-in: every resource's routes. */
export const API_ROUTES = [...donationRoutes] as const;

export const ROUTES: readonly Route[] = [...OPEN_ROUTES, ...API_ROUTES];

/** Each route's declaration, for the typed client. */
export type ApiRoute = (typeof OPEN_ROUTES)[number] | (typeof API_ROUTES)[number];

/** What the reference documents: the table, and (until each module is declared in it) the routes not moved yet. */
export function documentedRoutes() {
  const declared = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
  return [...ROUTES, ...OPERATIONS.filter((op) => !declared.has(`${op.method} ${op.path}`))];
}
