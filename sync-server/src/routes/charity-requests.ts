import type { Context } from 'hono';
import { z } from 'zod';
import {
  CHARITY_REQUEST_STATUSES,
  CHARITY_ROLE_FEE_CENTS,
  CharityRequestCreateSchema,
  CharityRequestPublicSchema,
  CharityRequestSchema,
  type CharityRequestStatus,
  RATE_LIMITS,
} from '@foodbridge/shared';
import type { AuthUser } from '../auth/auth-user.ts';
import { requireUser } from '../auth/middleware.ts';
import {
  canDecideCharityRequest,
  canRequestCharityRole,
  enforce,
  isSelfOrAdmin,
  seesEveryAccount,
} from '../auth/permissions.ts';
import {
  findOpenCharityRequest,
  grantCharityRole,
  insertCharityRequest,
  listCharityRequests,
  lockCharityRequest,
  setCharityRequestStatus,
  toCharityRequest,
  toCharityRequestPublic,
} from '../db/charity-requests.ts';
import { recordHistory } from '../db/history.ts';
import { spendPayment } from '../db/payments.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { err, Inserted, list, Modified, ok } from '../openapi/responses.ts';
import { feePaymentProblem } from '../payments/provider.ts';
import { statusQuery } from './donations.ts';
import { byAccount } from '../http/rate-limit.ts';

// Stripe ids and our test ids; anything else cannot be a payment and is not sent to Stripe as a path.
const PAYMENT_ID = /^pi_[A-Za-z0-9_]+$/;

const requestId = { id: 'The request’s id.' };
const decided = (what: string) => ({
  200: ok(`${what}.`, Modified),
  403: err('Admins only.'),
  404: err('No such request.', 'not-found/charity-request'),
  409: err('The request was decided already, or (approving) its account no longer exists.', 'charity-request/decided', 'charity-request/requester-gone'),
});

export const charityRequestRoutes = [
  // Admins see everything; `?email=` gives that account (self or admin) its full requests; everyone else, signed
  // out too (the home page), only the public view without e-mail or payment.
  route(
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
      responses: {
        200: list('Requests (public fields for callers who may not see the rest).', z.union([CharityRequestSchema, CharityRequestPublicSchema])),
        400: err('Unknown status.', 'donations/unknown-status'),
        401: err('`email` needs a signed-in caller.', 'auth/sign-in-required'),
        403: err('Not yours.', 'access/denied'),
      },
    },
    async (c, { deps, user }) => {
      const page = parsePage(c);
      const email = c.req.query('email')?.trim() || undefined;
      if (email) {
        enforce(isSelfOrAdmin(requireUser(c), email));
        return c.json(pageOf(c, await listCharityRequests(deps.sql, page, { email }), page).map(toCharityRequest));
      }
      const status = statusQuery(c, CHARITY_REQUEST_STATUSES);
      if (seesEveryAccount(user)) {
        return c.json(pageOf(c, await listCharityRequests(deps.sql, page, { status }), page).map(toCharityRequest));
      }
      // A pending or rejected request is a private person's application, not a charity: visitors see approved
      // charities of live accounts only, whatever `status` asks for.
      if (status && status !== 'approved') return c.json([]);
      const rows = await listCharityRequests(deps.sql, page, { status: 'approved', liveAccounts: true });
      return c.json(pageOf(c, rows, page).map(toCharityRequestPublic));
    },
  ),
  // Saved only once the fee is paid: the PaymentIntent must have succeeded, be the $25 fee, be the caller's and
  // never have paid for another request. Name and e-mail come from the account, never from the body.
  route(
    {
      method: 'post',
      path: '/charity-requests',
      summary: 'Ask for the charity role (after paying the fee)',
      tags: ['Charity role'],
      security: 'bearer',
      limits: [byAccount('charity-request', RATE_LIMITS.charityRequestsPerAccount, 'charity role requests')],
      body: { schema: CharityRequestCreateSchema, example: { organization: 'Hope Community Pantry', mission: 'Meals for families in the east end.', paymentId: 'pi_test_3f9a' } },
      responses: {
        201: ok('Requested.', Inserted.extend({ mode: z.literal('test').optional() })),
        400: err('Invalid input or payment.', 'payments/not-found', 'payments/other-account', 'payments/wrong-amount'),
        402: err('The payment has not succeeded yet.', 'payments/not-succeeded'),
        403: err('Restaurants and admins cannot.', 'charity-request/users-only'),
        409: err('Already a charity, or a request is pending, or the payment was used already.', 'charity-request/already-charity', 'charity-request/exists', 'payments/already-used'),
        429: err('Too many charity role requests.'),
        502: err('The payment service could not be reached.', 'payments/unavailable'),
      },
    },
    async (c, { deps, user }) => {
      enforce(canRequestCharityRole(user));
      const body = await parseJson(c, CharityRequestCreateSchema);
      // Checked up front for a clear answer; the partial unique index still decides a race.
      if (await findOpenCharityRequest(deps.sql, user.id)) throw conflict('charity-request/exists');
      const info = PAYMENT_ID.test(body.paymentId) ? await deps.payments.retrieve(body.paymentId) : undefined;
      const problem = feePaymentProblem(info, user.email);
      if (problem || !info) throw new ApiError(problem?.status ?? 400, problem?.code ?? 'payments/not-found');
      let insertedId: string;
      try {
        insertedId = await deps.sql.begin(async (tx) => {
          const fresh = await spendPayment(tx, {
            id: info.id,
            userId: user.id,
            email: user.email,
            amount: info.amount,
            currency: info.currency,
            mode: deps.payments.mode,
            status: info.status,
          });
          if (!fresh) throw conflict('payments/already-used');
          const row = await insertCharityRequest(tx, {
            userId: user.id,
            name: user.name,
            email: user.email,
            organization: body.organization,
            mission: body.mission,
            paymentAmount: CHARITY_ROLE_FEE_CENTS,
            paymentId: info.id,
          });
          await recordHistory(tx, {
            actor: user,
            kind: 'charity-role.requested',
            requestId: row.id,
            toState: row.status,
            detail: { organization: row.organization },
          });
          return row.id;
        });
      } catch (err) {
        const pg = err as { code?: string; constraint_name?: string };
        if (pg.code === '23505') {
          throw conflict(pg.constraint_name === 'charity_requests_open' ? 'charity-request/exists' : 'payments/already-used');
        }
        throw err;
      }
      return c.json({ insertedId, ...(deps.payments.mode === 'test' ? { mode: 'test' as const } : {}) }, 201);
    },
  ),
  // The spec's client sends {email}; it is ignored, since the request row names the account to promote.
  route(
    {
      method: 'patch',
      path: '/charity-requests/approve/:id',
      summary: 'Approve a charity-role request (admin)',
      tags: ['Charity role'],
      security: 'bearer',
      roles: ['admin'],
      params: requestId,
      responses: decided('Approved'),
    },
    async (c, { deps, user }) => decideByAdmin(c, deps, user, 'approved'),
  ),
  route(
    {
      method: 'patch',
      path: '/charity-requests/reject/:id',
      summary: 'Reject a charity-role request (admin)',
      tags: ['Charity role'],
      security: 'bearer',
      roles: ['admin'],
      params: requestId,
      responses: decided('Rejected'),
    },
    async (c, { deps, user }) => decideByAdmin(c, deps, user, 'rejected'),
  ),
];

/** An admin's verdict on a pending request (the route checked the role). */
async function decideByAdmin(c: Context<AppEnv>, deps: Deps, admin: AuthUser, verdict: Exclude<CharityRequestStatus, 'pending'>) {
  const id = parseId(c.req.param('id'));
  const modifiedCount = await deps.sql.begin(async (tx) => {
    const row = await lockCharityRequest(tx, id);
    if (!row) throw notFound('not-found/charity-request');
    enforce(canDecideCharityRequest(row));
    if (verdict === 'approved' && !(await grantCharityRole(tx, row.user_id))) {
      throw conflict('charity-request/requester-gone');
    }
    const changed = await setCharityRequestStatus(tx, id, verdict);
    if (changed) {
      await recordHistory(tx, {
        actor: admin,
        kind: verdict === 'approved' ? 'charity-role.approved' : 'charity-role.rejected',
        requestId: id,
        fromState: row.status,
        toState: verdict,
        detail: { userId: row.user_id, email: row.email, name: row.name, organization: row.organization },
      });
    }
    return changed;
  });
  return c.json({ modifiedCount });
}
