// The route table: every route of the API, in the order the app registers them (a literal path before a parameter
// that could match it). The app mounts it, /openapi.json is made from it (openapi/generate.ts), the permission matrix
// lists its routes from it, and the app's typed client is made from it (openapi/client-types.ts). A route is added
// in its routes/<resource>.ts and appears in all four; docs/decisions/016-route-table.md says why it is built so.
import type { Route } from '../http/route.ts';
import { authRoutes } from './auth.ts';
import { userRoutes } from './users.ts';
import { charityRequestRoutes } from './charity-requests.ts';
import { paymentRoutes } from './payments.ts';
import { donationRoutes } from './donations.ts';
import { reviewRoutes } from './reviews.ts';
import { favoriteRoutes } from './favorites.ts';
import { imageRoutes } from './images.ts';
import { donationRequestRoutes } from './donation-requests.ts';
import { syncRoutes } from './sync.ts';
import { impactRoutes } from './impact.ts';
import { dashboardRoutes } from './dashboard.ts';
import { historyRoutes } from './history.ts';
import { notificationRoutes } from './notifications.ts';
import { exportRoutes } from './exports.ts';
import { pushRoutes } from './push.ts';
import { mapRoutes } from './map.ts';
import { geocodeRoutes } from './geocode.ts';
import { pickupReportRoutes } from './pickup-reports.ts';
import { pickupPhotoRoutes } from './pickup-photos.ts';
import { charityPreferenceRoutes } from './charity-preferences.ts';
import { organisationRoutes } from './organisations.ts';
import { calendarRoutes } from './calendar.ts';
import { donationSeriesRoutes } from './donation-series.ts';
import { messageRoutes } from './messages.ts';
import { healthRoutes } from './health.ts';
import { metricsRoutes } from './metrics.ts';
import { openApiRoutes } from './openapi.ts';

/** Public routes answered before sign-in is looked at (health, metrics, the API reference). */
export const OPEN_ROUTES = [...healthRoutes, ...metricsRoutes, ...openApiRoutes(() => ROUTES)];

/** The API behind sign-in: every resource's routes. */
export const API_ROUTES = [
  ...authRoutes,
  ...userRoutes,
  ...charityRequestRoutes,
  ...paymentRoutes,
  ...reviewRoutes,
  ...favoriteRoutes,
  ...imageRoutes,
  ...donationRoutes,
  ...donationRequestRoutes,
  ...syncRoutes,
  ...impactRoutes,
  ...dashboardRoutes,
  ...historyRoutes,
  ...notificationRoutes,
  ...exportRoutes,
  ...pushRoutes,
  ...mapRoutes,
  ...geocodeRoutes,
  ...pickupReportRoutes,
  ...pickupPhotoRoutes,
  ...charityPreferenceRoutes,
  ...organisationRoutes,
  ...calendarRoutes,
  ...donationSeriesRoutes,
  ...messageRoutes,
];

/** Every route, in the order the app registers them. */
export const ROUTES: readonly Route[] = [...OPEN_ROUTES, ...API_ROUTES];
