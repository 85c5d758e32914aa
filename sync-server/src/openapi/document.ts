// The OpenAPI 3.1 document of the API, built from the same zod schemas that validate the requests (shared/), so a
// change to a schema changes the document with it. The route modules stay as they are: this list names each route
// once more, and document.test.ts fails when it and the app's routes differ.
import { z } from 'zod';
import {
  AuthConfigSchema,
  AuthSessionSchema,
  CharityPreferencesSchema,
  CharityRequestCreateSchema,
  CharityRequestPublicSchema,
  CharityRequestSchema,
  CHARITY_REQUEST_STATUSES,
  DashboardSchema,
  DONATION_STATUSES,
  DonationCreateSchema,
  DonationPullResultSchema,
  DonationRequestCreateSchema,
  DonationRequestListItemSchema,
  DonationRequestPullResultSchema,
  DonationReviewSchema,
  DonationSchema,
  DonationUpdateSchema,
  FavoriteCreateSchema,
  FavoritePullResultSchema,
  FavoritePushBodySchema,
  FavoritePushResultSchema,
  FavoriteSchema,
  FOOD_TYPES,
  GeocodeResultSchema,
  HISTORY_KINDS,
  HistoryEntrySchema,
  IdSchema,
  ImpactSchema,
  LIST_LIMIT_MAX,
  LoginSchema,
  NotificationPullResultSchema,
  NotificationSchema,
  PasswordResetEmailSchema,
  PaymentIntentResponseSchema,
  PickupItemSchema,
  PickupReportSchema,
  ProfileUpdateSchema,
  PUSH_SWITCHABLE_KINDS,
  PushEndpointSchema,
  PushPreferencesSchema,
  PushSubscribeSchema,
  PushTestSchema,
  RefreshSchema,
  RegisterSchema,
  REQUEST_STATUSES,
  ResetPasswordSchema,
  ReviewCreateSchema,
  ReviewSchema,
  RoleUpdateSchema,
  SYNC_COLLECTIONS,
  SYNC_PULL_LIMIT_MAX,
  UserSchema,
  UserUpsertSchema,
  VerifyEmailSchema,
} from '@foodbridge/shared';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** bearer: `Authorization: Bearer <ID token>` required; optional: public, but a signed-in caller may see more. */
type Security = 'bearer' | 'optional' | 'none';

export interface DocResponse {
  description: string;
  /** json by default; the others are documented by media type only. */
  media?: 'json' | 'csv' | 'sse' | 'image' | 'text' | 'none';
  schema?: z.ZodType;
  headers?: Record<string, { description: string }>;
}

export interface DocOperation {
  method: Method;
  /** OpenAPI style: `/donations/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Security;
  /** Path parameters, by name; their schema comes from PARAM_SCHEMAS. */
  params?: Record<string, string>;
  query?: { name: string; description: string; schema?: z.ZodType; required?: boolean }[];
  headers?: { name: string; description: string; required?: boolean }[];
  /** A list: a plain array, `?limit=`/`?cursor=`, the next page in a `Link` header. */
  list?: boolean;
  /** A JSON body validated by `schema` (its input side), with an example that must pass it. */
  body?: { schema: z.ZodType; example: unknown; required?: boolean };
  /** A multipart upload (the image route): field name and what it holds. */
  upload?: { field: string; description: string };
  /** The main success first; errors are `{ message }` and need only a description. */
  responses: Record<number, DocResponse>;
}

// ---- Answers that shared/ describes only as TypeScript interfaces: their shape, for the document only.
const ErrorSchema = z.object({
  message: z.string().meta({ description: 'A sentence a person can read.' }),
  code: z.string().meta({
    description:
      'A stable machine-readable code that clients translate (shared/src/errors.ts lists every one; the identity service uses Firebase’s, e.g. auth/invalid-credential).',
  }),
  values: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .meta({ description: 'The parts of the sentence that vary (a limit, a status, a wait), for a translation to place.' }),
});
const Inserted = z.object({ insertedId: IdSchema });
const Modified = z.object({ modifiedCount: z.number().int() });
const Deleted = z.object({ deletedCount: z.number().int() });
const DonationChange = z.object({ modifiedCount: z.number().int(), donation: DonationSchema });
const ImageUploaded = z.object({ data: z.object({ url: z.string(), id: IdSchema, width: z.number().int(), height: z.number().int() }) });
const PushDevice = z.object({ endpoint: z.string(), disabledKinds: z.array(z.enum(PUSH_SWITCHABLE_KINDS)), createdAt: z.string() });
const PushSendResult = z.object({ sent: z.number().int(), removed: z.number().int(), failed: z.number().int() });
const PickupReportAnswer = z.object({ donationId: IdSchema }).catchall(z.unknown());
const Jwks = z.object({ keys: z.array(z.object({ kty: z.string(), kid: z.string().optional() }).catchall(z.unknown())) });
const MapConfig = z.object({ tilesUrl: z.string(), attribution: z.string(), geocoder: z.boolean() });
const Health = z.object({ status: z.string(), message: z.string().optional() });

/** Path parameters by name: the ids are uuids (anything else is a 400), the rest text. */
const PARAM_SCHEMAS: Record<string, z.ZodType> = {
  id: IdSchema,
  donationId: IdSchema,
  favoriteId: IdSchema,
  email: z.email(),
  collection: z.enum(SYNC_COLLECTIONS),
};

const ok = (description: string, schema?: z.ZodType, extra: Partial<DocResponse> = {}): DocResponse => ({ description, ...(schema ? { schema } : {}), ...extra });
const err = (description: string): DocResponse => ({ description });
const noContent: DocResponse = { description: 'Done; no body.', media: 'none' };
const list = (description: string, item: z.ZodType) => ok(description, z.array(item));
const UUID = '7f3c2a4e-1b2d-4c5e-8f90-1a2b3c4d5e6f';
const dateQuery = (name: string, what: string) => ({ name, description: `${what} (ISO date or time).`, schema: z.string() });

/** Every route of the app. Tags group them in the reference page. */
export const OPERATIONS: DocOperation[] = [
  // ---- Operations
  { method: 'get', path: '/healthz', summary: 'Liveness', tags: ['Operations'], security: 'none', responses: { 200: ok('The process is alive.', Health) } },
  {
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: database reachable, migrations applied',
    tags: ['Operations'],
    security: 'none',
    responses: { 200: ok('Ready.', Health), 503: ok('Not ready, with the reason.', Health) },
  },
  {
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics',
    description: 'Guarded by `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set (not an account’s ID token); off in production without one.',
    tags: ['Operations'],
    security: 'none',
    responses: { 200: ok('Metrics in the Prometheus text format.', undefined, { media: 'text' }), 401: err('The metrics token is missing or wrong.'), 404: err('Metrics are off.') },
  },
  // ---- Identity (the built-in provider)
  { method: 'get', path: '/.well-known/jwks.json', summary: 'Public keys of the built-in provider’s ID tokens', tags: ['Identity'], security: 'none', responses: { 200: ok('A JSON Web Key Set.', Jwks) } },
  { method: 'get', path: '/auth/config', summary: 'Identity provider and payment mode of this server', tags: ['Identity'], security: 'none', responses: { 200: ok('The configuration.', AuthConfigSchema) } },
  {
    method: 'post',
    path: '/auth/register',
    summary: 'Create an account',
    tags: ['Identity'],
    security: 'none',
    body: { schema: RegisterSchema, example: { name: 'Sam Rivera', email: 'sam@example.org', password: 'a-long-passphrase' } },
    responses: { 201: ok('Signed in as the new account.', AuthSessionSchema), 400: err('Invalid input.'), 409: err('The e-mail is taken (code auth/email-already-in-use).'), 429: err('Too many attempts.') },
  },
  {
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in with e-mail and password',
    tags: ['Identity'],
    security: 'none',
    body: { schema: LoginSchema, example: { email: 'sam@example.org', password: 'a-long-passphrase' } },
    responses: { 200: ok('Signed in.', AuthSessionSchema), 400: err('Invalid input.'), 401: err('Wrong e-mail or password (code auth/invalid-credential).'), 429: err('Too many attempts.') },
  },
  {
    method: 'post',
    path: '/auth/refresh',
    summary: 'Renew the session with a refresh token',
    tags: ['Identity'],
    security: 'none',
    body: { schema: RefreshSchema, example: { refreshToken: 'rt_3q2-Zx8…' } },
    responses: { 200: ok('A new ID token and refresh token.', AuthSessionSchema), 401: err('The refresh token is unknown, used or expired.') },
  },
  {
    method: 'post',
    path: '/auth/logout',
    summary: 'End the session of a refresh token',
    tags: ['Identity'],
    security: 'none',
    body: { schema: RefreshSchema, example: { refreshToken: 'rt_3q2-Zx8…' } },
    responses: { 204: noContent },
  },
  {
    method: 'post',
    path: '/auth/verification-email',
    summary: 'Send the e-mail verification link again',
    tags: ['Identity'],
    security: 'bearer',
    responses: { 204: noContent },
  },
  {
    method: 'post',
    path: '/auth/verify-email',
    summary: 'Verify an e-mail address with the link’s token',
    tags: ['Identity'],
    security: 'none',
    body: { schema: VerifyEmailSchema, example: { token: 'Yt7b4kQ2wX' } },
    responses: { 200: ok('The account, now verified.', z.object({ user: UserSchema })), 400: err('The link is invalid or has expired.') },
  },
  {
    method: 'post',
    path: '/auth/password-reset-email',
    summary: 'E-mail a password-reset link',
    description: 'Answers the same whether or not the address has an account.',
    tags: ['Identity'],
    security: 'none',
    body: { schema: PasswordResetEmailSchema, example: { email: 'sam@example.org' } },
    responses: { 204: noContent },
  },
  {
    method: 'post',
    path: '/auth/reset-password',
    summary: 'Set a new password with the link’s token',
    tags: ['Identity'],
    security: 'none',
    body: { schema: ResetPasswordSchema, example: { token: 'Yt7b4kQ2wX', password: 'another-long-passphrase' } },
    responses: { 204: noContent, 400: err('The link is invalid or has expired.') },
  },
  // ---- Users
  { method: 'get', path: '/users', summary: 'Every user (admin)', tags: ['Users'], security: 'bearer', list: true, responses: { 200: list('Users.', UserSchema), 403: err('Admins only.') } },
  {
    method: 'post',
    path: '/users',
    summary: 'Create or update the caller’s own user row after sign-in',
    tags: ['Users'],
    security: 'bearer',
    body: { schema: UserUpsertSchema, example: { name: 'Sam Rivera' } },
    responses: { 200: ok('The user.', UserSchema.extend({ insertedId: IdSchema })) },
  },
  { method: 'get', path: '/users/me', summary: 'The caller’s profile', tags: ['Users'], security: 'bearer', responses: { 200: ok('The user.', UserSchema) } },
  {
    method: 'patch',
    path: '/users/me',
    summary: 'Update the caller’s profile',
    description: 'Only the fields given change. `locale` is the language the app switches to after sign-in and the one notifications, pushes and e-mails are written in.',
    tags: ['Users'],
    security: 'bearer',
    body: { schema: ProfileUpdateSchema, example: { name: 'Sam Rivera', phone: '+1 555 0100', latitude: 52.52, longitude: 13.405, locale: 'es' } },
    responses: { 200: ok('The updated user.', z.object({ modifiedCount: z.number().int(), user: UserSchema })), 400: err('Invalid input.') },
  },
  {
    method: 'get',
    path: '/users/search',
    summary: 'A user by e-mail',
    tags: ['Users'],
    security: 'bearer',
    query: [{ name: 'email', description: 'The e-mail (one’s own unless admin).', schema: z.email(), required: true }],
    responses: { 200: ok('The user.', UserSchema), 403: err('Not yours.'), 404: err('No such user.') },
  },
  {
    method: 'get',
    path: '/users/role/{email}',
    summary: 'The role of a user',
    tags: ['Users'],
    security: 'bearer',
    params: { email: 'The user’s e-mail (one’s own unless admin).' },
    responses: { 200: ok('The role.', z.object({ role: UserSchema.shape.role })), 403: err('Not yours.'), 404: err('No such user.') },
  },
  {
    method: 'patch',
    path: '/users/role/{id}',
    summary: 'Change a user’s role (admin)',
    tags: ['Users'],
    security: 'bearer',
    params: { id: 'The user’s id.' },
    body: { schema: RoleUpdateSchema, example: { role: 'restaurant' } },
    responses: { 200: ok('Changed.', Modified), 403: err('Admins only.'), 404: err('No such user.') },
  },
  {
    method: 'delete',
    path: '/users/{id}',
    summary: 'Remove a user (admin)',
    tags: ['Users'],
    security: 'bearer',
    params: { id: 'The user’s id.' },
    responses: { 200: ok('Removed.', Deleted), 403: err('Admins only.'), 404: err('No such user.') },
  },
  // ---- Charity role
  {
    method: 'get',
    path: '/charity-requests',
    summary: 'Charity-role requests',
    description: 'An admin sees every request (filter by `status`); a user their own (`email`); anyone else the approved charities, without private fields.',
    tags: ['Charity role'],
    security: 'optional',
    list: true,
    query: [
      { name: 'status', description: 'Only requests in this status.', schema: z.enum(CHARITY_REQUEST_STATUSES) },
      { name: 'email', description: 'The requester’s e-mail (one’s own unless admin).', schema: z.string() },
    ],
    responses: { 200: list('Requests (public fields for callers who may not see the rest).', z.union([CharityRequestSchema, CharityRequestPublicSchema])), 403: err('Not yours.') },
  },
  {
    method: 'post',
    path: '/charity-requests',
    summary: 'Ask for the charity role (after paying the fee)',
    tags: ['Charity role'],
    security: 'bearer',
    body: { schema: CharityRequestCreateSchema, example: { organization: 'Hope Community Pantry', mission: 'Meals for families in the east end.', paymentId: 'pi_test_3f9a' } },
    responses: {
      201: ok('Requested.', Inserted.extend({ mode: z.literal('test').optional() })),
      400: err('Invalid input or payment.'),
      403: err('Restaurants and admins cannot.'),
      409: err('Already a charity, or a request is pending.'),
    },
  },
  {
    method: 'patch',
    path: '/charity-requests/approve/{id}',
    summary: 'Approve a charity-role request (admin)',
    tags: ['Charity role'],
    security: 'bearer',
    params: { id: 'The request’s id.' },
    responses: { 200: ok('Approved.', Modified), 403: err('Admins only.'), 404: err('No such request.') },
  },
  {
    method: 'patch',
    path: '/charity-requests/reject/{id}',
    summary: 'Reject a charity-role request (admin)',
    tags: ['Charity role'],
    security: 'bearer',
    params: { id: 'The request’s id.' },
    responses: { 200: ok('Rejected.', Modified), 403: err('Admins only.'), 404: err('No such request.') },
  },
  // ---- Payments
  {
    method: 'post',
    path: '/create-payment-intent',
    summary: 'Start paying the $25 charity-role fee',
    description: 'Stripe when configured; otherwise a test payment (`mode: "test"`, no card is charged).',
    tags: ['Payments'],
    security: 'bearer',
    responses: { 200: ok('A PaymentIntent of 2500 cents USD.', PaymentIntentResponseSchema), 403: err('Restaurants cannot.'), 409: err('Already a charity or pending.') },
  },
  {
    method: 'post',
    path: '/test-payments/{id}/confirm',
    summary: 'Confirm a test payment (test-payment mode only)',
    tags: ['Payments'],
    security: 'bearer',
    params: { id: 'The test PaymentIntent’s id (pi_test_...).' },
    responses: { 200: ok('Succeeded.', z.object({ id: z.string(), status: z.literal('succeeded'), mode: z.literal('test') })), 403: err('Not yours.'), 404: err('No such payment.') },
  },
  {
    method: 'get',
    path: '/transactions',
    summary: 'The caller’s charity-fee payments (every payment for an admin)',
    tags: ['Payments'],
    security: 'bearer',
    list: true,
    responses: { 200: list('Payments.', z.object({ id: z.string() }).catchall(z.unknown())) },
  },
  // ---- Reviews
  {
    method: 'post',
    path: '/reviews',
    summary: 'Review a donation',
    tags: ['Reviews'],
    security: 'bearer',
    body: { schema: ReviewCreateSchema, example: { donationId: UUID, description: 'Fresh and well packed.', rating: 5 } },
    responses: { 201: ok('Created.', Inserted), 400: err('Invalid input.'), 404: err('No such donation (or not visible to the caller).'), 409: err('Already reviewed.'), 429: err('Too many reviews.') },
  },
  {
    method: 'get',
    path: '/reviews/{donationId}',
    summary: 'Reviews of a donation',
    tags: ['Reviews'],
    security: 'optional',
    params: { donationId: 'The donation’s id.' },
    list: true,
    responses: { 200: list('Reviews.', ReviewSchema), 404: err('No such donation (or not visible to the caller).') },
  },
  {
    method: 'get',
    path: '/my-reviews/{email}',
    summary: 'Reviews written by a person',
    tags: ['Reviews'],
    security: 'bearer',
    params: { email: 'The reviewer’s e-mail (one’s own unless admin).' },
    list: true,
    responses: { 200: list('Reviews.', ReviewSchema), 403: err('Not yours.') },
  },
  {
    method: 'delete',
    path: '/reviews/{id}',
    summary: 'Delete a review (its author or an admin)',
    tags: ['Reviews'],
    security: 'bearer',
    params: { id: 'The review’s id.' },
    responses: { 200: ok('Deleted.', Deleted), 403: err('Not yours.'), 404: err('No such review.') },
  },
  // ---- Favourites
  {
    method: 'post',
    path: '/favorites',
    summary: 'Add a donation to the caller’s favourites',
    description: 'Idempotent: the same favourite again answers 200 with its id.',
    tags: ['Favourites'],
    security: 'bearer',
    body: { schema: FavoriteCreateSchema, example: { donationId: UUID } },
    responses: {
      201: ok('Created.', Inserted),
      200: ok('Already a favourite.', Inserted),
      404: err('No such donation (or not visible to the caller).'),
      409: err('The favourite id is taken by another favourite.'),
    },
  },
  {
    method: 'get',
    path: '/favorites/{email}',
    summary: 'A person’s favourites',
    tags: ['Favourites'],
    security: 'bearer',
    params: { email: 'The person’s e-mail (one’s own unless admin).' },
    list: true,
    responses: { 200: list('Favourites.', FavoriteSchema), 403: err('Not yours.') },
  },
  {
    method: 'delete',
    path: '/favorites/{favoriteId}',
    summary: 'Remove a favourite',
    tags: ['Favourites'],
    security: 'bearer',
    params: { favoriteId: 'The favourite’s id.' },
    responses: { 200: ok('Removed.', Deleted), 403: err('Not yours.'), 404: err('No such favourite.') },
  },
  // ---- Images
  {
    method: 'post',
    path: '/images',
    summary: 'Upload a picture',
    tags: ['Images'],
    security: 'bearer',
    upload: { field: 'image', description: 'A JPEG, PNG or WebP picture of at most 5 MB.' },
    responses: { 201: ok('Stored; use `data.url` in a donation or profile.', ImageUploaded), 400: err('Not a picture.'), 413: err('Too large.'), 429: err('Daily upload allowance used.') },
  },
  {
    method: 'get',
    path: '/images/{id}',
    summary: 'A stored picture',
    tags: ['Images'],
    security: 'none',
    params: { id: 'The picture’s id.' },
    query: [{ name: 'w', description: 'A smaller width to serve (a resized WebP variant).', schema: z.string() }],
    responses: { 200: ok('The picture (cached, with an ETag).', undefined, { media: 'image' }), 304: ok('Not modified.', undefined, { media: 'none' }), 404: err('No such picture.') },
  },
  // ---- Donations
  {
    method: 'get',
    path: '/donations',
    summary: 'Donations visible to the caller (all for an admin, a restaurant’s own)',
    tags: ['Donations'],
    security: 'optional',
    list: true,
    query: [
      { name: 'status', description: 'Only donations in this status.', schema: z.enum(DONATION_STATUSES) },
      { name: 'q', description: 'Words of the title, restaurant or location (any case, accents ignored).', schema: z.string() },
      { name: 'foodType', description: 'Only this food type.', schema: z.enum(FOOD_TYPES) },
      { name: 'sort', description: 'Order; `distance` needs `near`.', schema: z.enum(['newest', 'bestBefore', 'distance']) },
      { name: 'near', description: '`LAT,LNG` for `sort=distance`.', schema: z.string() },
    ],
    responses: { 200: list('Donations.', DonationSchema), 400: err('Invalid filter.') },
  },
  {
    method: 'get',
    path: '/donations/verified',
    summary: 'Verified donations open to requests (public)',
    tags: ['Donations'],
    security: 'optional',
    list: true,
    query: [
      { name: 'q', description: 'Words of the title, restaurant or location.', schema: z.string() },
      { name: 'foodType', description: 'Only this food type.', schema: z.enum(FOOD_TYPES) },
      { name: 'sort', description: 'Order; `distance` needs `near`.', schema: z.enum(['newest', 'bestBefore', 'distance']) },
      { name: 'near', description: '`LAT,LNG` for `sort=distance`.', schema: z.string() },
    ],
    responses: { 200: list('Donations.', DonationSchema), 400: err('Invalid filter.') },
  },
  {
    method: 'get',
    path: '/donations/{id}',
    summary: 'One donation',
    tags: ['Donations'],
    security: 'optional',
    params: { id: 'The donation’s id.' },
    responses: { 200: ok('The donation.', DonationSchema), 404: err('No such donation (or not visible to the caller).') },
  },
  {
    method: 'post',
    path: '/donations',
    summary: 'Post a donation (restaurant)',
    tags: ['Donations'],
    security: 'bearer',
    body: {
      schema: DonationCreateSchema,
      example: { title: 'Sourdough loaves', foodType: 'Bakery', quantity: 12, unit: 'portions', pickupTime: 'Today 18:00-20:00', location: '12 Market Street', image: `/images/${UUID}` },
    },
    responses: { 201: ok('Created (Pending until an admin verifies it).', Inserted), 400: err('Invalid input.'), 403: err('Restaurants only.') },
  },
  {
    method: 'patch',
    path: '/donations/{id}',
    summary: 'Edit a donation (its restaurant)',
    tags: ['Donations'],
    security: 'bearer',
    params: { id: 'The donation’s id.' },
    body: { schema: DonationUpdateSchema, example: { quantity: 10, pickupTime: 'Today 19:00-21:00' } },
    responses: { 200: ok('Updated.', Modified), 400: err('Invalid input.'), 403: err('Not yours.'), 404: err('No such donation.'), 409: err('No longer editable.') },
  },
  {
    method: 'delete',
    path: '/donations/{id}',
    summary: 'Delete a donation (its restaurant or an admin)',
    tags: ['Donations'],
    security: 'bearer',
    params: { id: 'The donation’s id.' },
    responses: { 200: ok('Deleted.', Deleted), 403: err('Not yours.'), 404: err('No such donation.'), 409: err('Already given to a charity.') },
  },
  {
    method: 'patch',
    path: '/donations/verify/{id}',
    summary: 'Verify a donation (admin)',
    tags: ['Donations'],
    security: 'bearer',
    params: { id: 'The donation’s id.' },
    responses: { 200: ok('Verified.', Modified), 403: err('Admins only.'), 404: err('No such donation.'), 409: err('Not pending.') },
  },
  {
    method: 'patch',
    path: '/donations/reject/{id}',
    summary: 'Reject a donation (admin)',
    tags: ['Donations'],
    security: 'bearer',
    params: { id: 'The donation’s id.' },
    responses: { 200: ok('Rejected.', Modified), 403: err('Admins only.'), 404: err('No such donation.'), 409: err('Not pending.') },
  },
  {
    method: 'patch',
    path: '/donations/pickup/{id}',
    summary: 'Confirm a pickup (the assigned charity), with an optional report',
    description: 'Safe to retry with the same `Idempotency-Key`: the first answer is replayed.',
    tags: ['Donations'],
    security: 'bearer',
    params: { id: 'The donation’s id.' },
    headers: [{ name: 'Idempotency-Key', description: 'Any unique string per pickup attempt; a retry with the same key gets the stored answer.' }],
    body: { schema: PickupReportSchema, example: { weightKg: 8.5, outcome: 'all' }, required: false },
    responses: {
      200: ok('Picked (or the stored answer to the same Idempotency-Key).', DonationChange),
      400: err('Invalid report.'),
      403: err('Not the assigned charity.'),
      404: err('No such donation.'),
      409: err('Not ready for pickup.'),
      422: err('This Idempotency-Key was already used for a different request.'),
    },
  },
  {
    method: 'patch',
    path: '/donations/review/{id}',
    summary: 'Leave the charity’s review on a picked donation',
    tags: ['Donations'],
    security: 'bearer',
    params: { id: 'The donation’s id.' },
    body: { schema: DonationReviewSchema, example: { review: 'Collected on time, thank you!' } },
    responses: { 200: ok('Reviewed.', DonationChange), 403: err('Not the charity that picked it up.'), 404: err('No such donation.') },
  },
  {
    method: 'get',
    path: '/my-pickups',
    summary: 'A charity’s pickups',
    tags: ['Donations'],
    security: 'bearer',
    list: true,
    query: [{ name: 'email', description: 'The charity’s e-mail (one’s own unless admin).', schema: z.string() }],
    responses: { 200: list('Pickups.', PickupItemSchema), 403: err('Charities and admins only.') },
  },
  {
    method: 'get',
    path: '/donations/{id}/history',
    summary: 'The history of a donation',
    tags: ['History'],
    security: 'optional',
    params: { id: 'The donation’s id.' },
    list: true,
    responses: { 200: list('History entries, oldest first.', HistoryEntrySchema), 404: err('No such donation (or not visible to the caller).') },
  },
  {
    method: 'get',
    path: '/donations/{id}/pickup-report',
    summary: 'The pickup report of a donation',
    tags: ['Donations'],
    security: 'bearer',
    params: { id: 'The donation’s id.' },
    responses: { 200: ok('The report.', PickupReportAnswer), 403: err('Not its restaurant, charity or an admin.'), 404: err('No such donation or no report.') },
  },
  {
    method: 'put',
    path: '/donations/{id}/pickup-report',
    summary: 'Correct a pickup report (the charity, within 7 days)',
    tags: ['Donations'],
    security: 'bearer',
    params: { id: 'The donation’s id.' },
    body: { schema: PickupReportSchema, example: { weightKg: 6, outcome: 'part', note: 'Two trays were left behind.' } },
    responses: { 200: ok('Corrected.', PickupReportAnswer.extend({ modifiedCount: z.number().int() })), 400: err('Invalid report.'), 403: err('Not the charity that picked it up.'), 409: err('Too late to correct.') },
  },
  // ---- Donation requests
  {
    method: 'post',
    path: '/donation-requests',
    summary: 'Request a donation (charity)',
    tags: ['Donation requests'],
    security: 'bearer',
    body: { schema: DonationRequestCreateSchema, example: { donationId: UUID, requestDescription: 'For our evening meal service.', pickupTime: '18:30' } },
    responses: { 201: ok('Requested.', Inserted), 400: err('Invalid input.'), 403: err('Charities only.'), 404: err('No such open donation.'), 409: err('Already requested, or past its best-before time.') },
  },
  {
    method: 'get',
    path: '/donation-requests',
    summary: 'Donation requests (a restaurant’s received, a charity’s own, every one for an admin)',
    tags: ['Donation requests'],
    security: 'bearer',
    list: true,
    query: [
      { name: 'restaurantEmail', description: 'Requests for this restaurant’s donations.', schema: z.string() },
      { name: 'charityEmail', description: 'Requests by this charity.', schema: z.string() },
      { name: 'status', description: 'Only requests in this status.', schema: z.enum(REQUEST_STATUSES) },
    ],
    responses: { 200: list('Requests.', DonationRequestListItemSchema), 403: err('Not yours.') },
  },
  {
    method: 'patch',
    path: '/donation-requests/accept/{id}',
    summary: 'Accept a request (the donation’s restaurant); the others are declined',
    tags: ['Donation requests'],
    security: 'bearer',
    params: { id: 'The request’s id.' },
    responses: { 200: ok('Accepted.', z.object({ modifiedCount: z.number().int(), rejectedCount: z.number().int() })), 403: err('Not yours.'), 404: err('No such request.'), 409: err('No longer pending.') },
  },
  {
    method: 'patch',
    path: '/donation-requests/reject/{id}',
    summary: 'Decline a request (the donation’s restaurant)',
    tags: ['Donation requests'],
    security: 'bearer',
    params: { id: 'The request’s id.' },
    responses: { 200: ok('Declined.', Modified), 403: err('Not yours.'), 404: err('No such request.') },
  },
  {
    method: 'delete',
    path: '/donation-requests/{id}',
    summary: 'Cancel a request (its charity or an admin)',
    tags: ['Donation requests'],
    security: 'bearer',
    params: { id: 'The request’s id.' },
    responses: { 200: ok('Cancelled.', Deleted), 403: err('Not yours.'), 404: err('No such request.') },
  },
  // ---- Replication (the app's offline store)
  {
    method: 'post',
    path: '/sync/stream-ticket',
    summary: 'A one-time ticket to open a change stream',
    description: 'EventSource cannot send headers: the ticket goes in the stream’s address instead of the token.',
    tags: ['Replication'],
    security: 'bearer',
    responses: { 201: ok('The ticket.', z.object({ ticket: z.string(), expiresIn: z.number().int() })) },
  },
  {
    method: 'get',
    path: '/sync/{collection}/pull',
    summary: 'Changes of a collection since a checkpoint',
    tags: ['Replication'],
    security: 'bearer',
    params: { collection: 'The collection.' },
    query: [
      { name: 'id', description: 'Checkpoint: the id of the last document pulled (with `seq`; neither on the first pull).', schema: IdSchema },
      { name: 'seq', description: 'Checkpoint: its change sequence.', schema: z.string() },
      { name: 'limit', description: `Documents per answer, 1-${SYNC_PULL_LIMIT_MAX}.`, schema: z.int().min(1).max(SYNC_PULL_LIMIT_MAX) },
    ],
    responses: {
      200: ok('Documents and the next checkpoint.', z.union([DonationPullResultSchema, FavoritePullResultSchema, DonationRequestPullResultSchema, NotificationPullResultSchema])),
      403: err('Not for this role.'),
      404: err('No such collection.'),
    },
  },
  {
    method: 'post',
    path: '/sync/{collection}/push',
    summary: 'Write local changes (favourites only)',
    tags: ['Replication'],
    security: 'bearer',
    params: { collection: 'The collection (only `favorites` takes writes).' },
    body: {
      schema: FavoritePushBodySchema,
      example: [{ assumedMasterState: null, newDocumentState: { _id: UUID, donationId: UUID, email: 'sam@example.org', _deleted: false } }],
    },
    responses: { 200: ok('The server’s state of every row that conflicted (empty when all were applied).', FavoritePushResultSchema), 403: err('Read-only collection.') },
  },
  {
    method: 'get',
    path: '/sync/{collection}/pull/stream',
    summary: 'Live change notices of a collection (server-sent events)',
    description: 'Each event says the collection changed (or `RESYNC`): pull again. Authorization header, or `?ticket=` from POST /sync/stream-ticket.',
    tags: ['Replication'],
    security: 'bearer',
    params: { collection: 'The collection.' },
    query: [{ name: 'ticket', description: 'A stream ticket, for clients that cannot send an Authorization header.', schema: z.string() }],
    responses: { 200: ok('An event stream.', undefined, { media: 'sse' }), 401: err('No valid token or ticket.'), 403: err('Not for this role.'), 429: err('Too many open streams.') },
  },
  // ---- Figures
  { method: 'get', path: '/impact', summary: 'Platform impact from recorded pickups', tags: ['Figures'], security: 'none', responses: { 200: ok('Kilograms, meals, CO2e, restaurants and charities.', ImpactSchema) } },
  { method: 'get', path: '/dashboard', summary: 'The caller’s own figures', tags: ['Figures'], security: 'bearer', responses: { 200: ok('Figures for the caller’s role.', DashboardSchema) } },
  {
    method: 'get',
    path: '/history',
    summary: 'Every change of state (admin)',
    tags: ['History'],
    security: 'bearer',
    list: true,
    query: [
      { name: 'donationId', description: 'Only this donation.', schema: IdSchema },
      { name: 'actor', description: 'Only changes by this account (id or e-mail).', schema: z.string() },
      { name: 'kind', description: 'Only this kind of change.', schema: z.enum(HISTORY_KINDS) },
    ],
    responses: { 200: list('History entries.', HistoryEntrySchema), 403: err('Admins only.') },
  },
  // ---- Exports
  ...(['donations', 'pickups', 'users'] as const).map(
    (what): DocOperation => ({
      method: 'get',
      path: `/exports/${what}.csv`,
      summary: `${what[0]!.toUpperCase()}${what.slice(1)} as CSV`,
      description: 'RFC 4180, UTF-8 with a byte-order mark, streamed.',
      tags: ['Exports'],
      security: 'bearer',
      query: [dateQuery('from', 'From'), dateQuery('to', 'To')],
      responses: { 200: ok('CSV.', undefined, { media: 'csv' }), 400: err('Invalid date range.'), 403: err('Not for this role.') },
    }),
  ),
  // ---- Notifications and push
  { method: 'get', path: '/notifications', summary: 'The caller’s notifications', tags: ['Notifications'], security: 'bearer', list: true, responses: { 200: list('Notifications, newest first.', NotificationSchema) } },
  {
    method: 'patch',
    path: '/notifications/{id}/read',
    summary: 'Mark a notification read',
    tags: ['Notifications'],
    security: 'bearer',
    params: { id: 'The notification’s id.' },
    responses: { 200: ok('The notification.', NotificationSchema), 404: err('No such notification of the caller.') },
  },
  { method: 'post', path: '/notifications/read-all', summary: 'Mark every notification read', tags: ['Notifications'], security: 'bearer', responses: { 200: ok('Marked.', Modified) } },
  { method: 'get', path: '/push/public-key', summary: 'The VAPID public key', tags: ['Notifications'], security: 'none', responses: { 200: ok('The key.', z.object({ publicKey: z.string() })) } },
  {
    method: 'post',
    path: '/push/subscriptions',
    summary: 'Subscribe this device to web push',
    tags: ['Notifications'],
    security: 'bearer',
    body: {
      schema: PushSubscribeSchema,
      example: {
        subscription: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
          keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
        },
      },
    },
    responses: { 201: ok('Subscribed.', PushDevice), 200: ok('Already subscribed; updated.', PushDevice), 400: err('Not a browser push service.') },
  },
  {
    method: 'patch',
    path: '/push/subscriptions',
    summary: 'Choose the kinds this device does not show',
    tags: ['Notifications'],
    security: 'bearer',
    body: { schema: PushPreferencesSchema, example: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', disabledKinds: [] } },
    responses: { 200: ok('Updated.', PushDevice), 404: err('No such subscription of the caller.') },
  },
  {
    method: 'delete',
    path: '/push/subscriptions',
    summary: 'Unsubscribe a device (by `?endpoint=` or a JSON body)',
    tags: ['Notifications'],
    security: 'bearer',
    query: [{ name: 'endpoint', description: 'The subscription’s endpoint (instead of the body).', schema: z.string() }],
    body: { schema: PushEndpointSchema, example: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' }, required: false },
    responses: { 200: ok('Removed.', Deleted), 404: err('No such subscription of the caller.') },
  },
  {
    method: 'post',
    path: '/push/test',
    summary: 'Send a test notification to the caller’s devices',
    tags: ['Notifications'],
    security: 'bearer',
    body: { schema: PushTestSchema, example: {}, required: false },
    responses: { 200: ok('What the push services said.', PushSendResult) },
  },
  {
    method: 'get',
    path: '/me/charity-preferences',
    summary: 'A charity’s notification preferences',
    tags: ['Notifications'],
    security: 'bearer',
    responses: { 200: ok('The preferences.', CharityPreferencesSchema), 403: err('Charities only.') },
  },
  {
    method: 'put',
    path: '/me/charity-preferences',
    summary: 'Set a charity’s notification preferences',
    tags: ['Notifications'],
    security: 'bearer',
    body: { schema: CharityPreferencesSchema, example: { homeAddress: '5 Harbour Road', homeLatitude: 52.5, homeLongitude: 13.4, notifyRadiusKm: 10, notifyFoodTypes: ['Bakery'] } },
    responses: { 200: ok('The preferences.', CharityPreferencesSchema), 400: err('Invalid input.'), 403: err('Charities only.') },
  },
  // ---- Map
  { method: 'get', path: '/map/config', summary: 'Map tiles and whether address search is on', tags: ['Map'], security: 'none', responses: { 200: ok('The configuration.', MapConfig) } },
  {
    method: 'get',
    path: '/geocode',
    summary: 'Search an address (when GEOCODER_URL is set)',
    tags: ['Map'],
    security: 'bearer',
    query: [{ name: 'q', description: 'The address to search.', schema: z.string(), required: true }],
    responses: { 200: list('Places found.', GeocodeResultSchema), 400: err('Invalid query.'), 404: err('Address search is off.'), 429: err('The geocoder is busy.') },
  },
  // ---- This document
  { method: 'get', path: '/openapi.json', summary: 'This OpenAPI document', tags: ['Reference'], security: 'none', responses: { 200: ok('OpenAPI 3.1.', z.object({ openapi: z.string() }).catchall(z.unknown())) } },
  { method: 'get', path: '/api/docs', summary: 'The interactive API reference (HTML)', tags: ['Reference'], security: 'none', responses: { 200: ok('An HTML page.', undefined, { media: 'text' }) } },
  { method: 'get', path: '/api/docs/docs.js', summary: 'The reference page’s script', tags: ['Reference'], security: 'none', responses: { 200: ok('JavaScript.', undefined, { media: 'text' }) } },
];

// ---- From the list to the document.

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); checks zod cannot express are left out. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
}

const MEDIA: Record<NonNullable<DocResponse['media']>, string | undefined> = {
  json: 'application/json',
  csv: 'text/csv',
  sse: 'text/event-stream',
  image: 'image/*',
  text: 'text/plain',
  none: undefined,
};

const LINK_HEADER = {
  Link: {
    description: 'The next page, when there is one: `</donations?limit=100&cursor=...>; rel="next"`. Follow it as it is.',
    schema: { type: 'string' },
  },
};

const LIST_QUERY = [
  { name: 'limit', in: 'query', description: `Items per page, 1-${LIST_LIMIT_MAX} (default ${LIST_LIMIT_MAX}).`, schema: { type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX } },
  { name: 'cursor', in: 'query', description: 'Where the page starts: taken from the previous page’s `Link` header.', schema: { type: 'string', format: 'uuid' } },
];

function responseObject(op: DocOperation, status: number, r: DocResponse): Json {
  const media = r.media ?? (r.schema ? 'json' : status >= 400 ? 'json' : 'none');
  const type = MEDIA[media];
  const schema = status >= 400 && !r.schema ? { $ref: '#/components/schemas/Error' } : r.schema ? jsonSchemaOf(r.schema, 'output') : undefined;
  const headers = { ...(op.list && status === 200 ? LINK_HEADER : {}), ...(r.headers ?? {}) };
  return {
    description: r.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(type ? { content: { [type]: schema ? { schema } : {} } } : {}),
  };
}

function operationObject(op: DocOperation): Json {
  const parameters = [
    ...Object.entries(op.params ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: jsonSchemaOf(PARAM_SCHEMAS[name] ?? z.string(), 'input'),
    })),
    ...(op.query ?? []).map((q) => ({
      name: q.name,
      in: 'query',
      description: q.description,
      ...(q.required ? { required: true } : {}),
      schema: jsonSchemaOf(q.schema ?? z.string(), 'input'),
    })),
    ...(op.list ? LIST_QUERY : []),
    ...(op.headers ?? []).map((h) => ({ name: h.name, in: 'header', description: h.description, required: h.required ?? false, schema: { type: 'string' } })),
  ];
  const responses = Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, responseObject(op, Number(status), r)]));
  if (op.security === 'bearer' && !responses['401']) responses['401'] = responseObject(op, 401, err('Not signed in, or the ID token is invalid or expired.'));
  const body = op.body
    ? { required: op.body.required ?? true, content: { 'application/json': { schema: jsonSchemaOf(op.body.schema, 'input'), example: op.body.example } } }
    : op.upload
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: [op.upload.field], properties: { [op.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream', description: op.upload.description } } },
            },
          },
        }
      : undefined;
  return {
    operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    security: op.security === 'bearer' ? [{ bearer: [] }] : op.security === 'optional' ? [{}, { bearer: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The whole document; the same for every caller, so it is built once. */
export function buildOpenApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'FoodBridge API',
      version: '1.0.0',
      description: [
        'Restaurants post surplus food, an admin verifies it, charities request and collect it.',
        '',
        '- **Sign-in**: `Authorization: Bearer <ID token>` (from POST /auth/login, or a Firebase ID token when the server runs with Firebase).',
        '- **Lists** answer a plain JSON array of at most `limit` items; the next page’s address is in the `Link: <...>; rel="next"` header.',
        '- **Errors** answer `{ "message": "...", "code": "..." }`: an English sentence a person can read and a stable code to translate it by (with `values` for its varying parts). A 429 carries `Retry-After`.',
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(OPERATIONS.flatMap((o) => o.tags))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An ID token of the built-in provider or of Firebase.' } },
      schemas: { Error: jsonSchemaOf(ErrorSchema, 'output') },
    },
  };
}
