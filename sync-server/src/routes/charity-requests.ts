import { Hono, type Context } from 'hono';
import {
  CHARITY_REQUEST_STATUSES,
  CHARITY_ROLE_FEE_CENTS,
  CharityRequestCreateSchema,
  MSG,
  type CharityRequestStatus,
} from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import {
  canDecideCharityRequest,
  canRequestCharityRole,
  enforce,
  hasRole,
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
import { parseId, parseJson } from '../http/validate.ts';
import { feePaymentProblem } from '../payments/provider.ts';
import { statusQuery } from './donations.ts';

const PAYMENT_USED = 'This payment was already used.';
// Stripe ids and our test ids; anything else cannot be a payment and is not sent to Stripe as a path.
const PAYMENT_ID = /^pi_[A-Za-z0-9_]+$/;

export const charityRequestRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    // Admins see everything; `?email=` gives that account (self or admin) its full requests; everyone else, signed
    // out too (the home page), only the public view without e-mail or payment.
    .get('/charity-requests', async (c) => {
      const page = parsePage(c);
      const email = c.req.query('email')?.trim() || undefined;
      if (email) {
        enforce(isSelfOrAdmin(requireUser(c), email));
        return c.json(pageOf(c, await listCharityRequests(deps.sql, page, { email }), page).map(toCharityRequest));
      }
      const status = statusQuery(c, CHARITY_REQUEST_STATUSES);
      if (seesEveryAccount(c.get('user'))) {
        return c.json(pageOf(c, await listCharityRequests(deps.sql, page, { status }), page).map(toCharityRequest));
      }
      // A pending or rejected request is a private person's application, not a charity: visitors see approved
      // charities of live accounts only, whatever `status` asks for.
      if (status && status !== 'approved') return c.json([]);
      const rows = await listCharityRequests(deps.sql, page, { status: 'approved', liveAccounts: true });
      return c.json(pageOf(c, rows, page).map(toCharityRequestPublic));
    })
    // Saved only once the fee is paid: the PaymentIntent must have succeeded, be the $25 fee, be the caller's and
    // never have paid for another request. Name and e-mail come from the account, never from the body.
    .post('/charity-requests', async (c) => {
      const user = requireUser(c);
      enforce(canRequestCharityRole(user));
      const body = await parseJson(c, CharityRequestCreateSchema);
      // Checked up front for a clear answer; the partial unique index still decides a race.
      if (await findOpenCharityRequest(deps.sql, user.id)) throw conflict(MSG.charityRequestExists);
      const info = PAYMENT_ID.test(body.paymentId) ? await deps.payments.retrieve(body.paymentId) : undefined;
      const problem = feePaymentProblem(info, user.email);
      if (problem || !info) throw new ApiError(problem?.status ?? 400, problem?.message ?? 'Payment not found.');
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
          if (!fresh) throw conflict(PAYMENT_USED);
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
          throw conflict(pg.constraint_name === 'charity_requests_open' ? MSG.charityRequestExists : PAYMENT_USED);
        }
        throw err;
      }
      return c.json({ insertedId, ...(deps.payments.mode === 'test' ? { mode: 'test' as const } : {}) }, 201);
    })
    // The spec's client sends {email}; it is ignored, since the request row names the account to promote.
    .patch('/charity-requests/approve/:id', async (c) => decideByAdmin(c, deps, 'approved'))
    .patch('/charity-requests/reject/:id', async (c) => decideByAdmin(c, deps, 'rejected'));

async function decideByAdmin(c: Context<AppEnv>, deps: Deps, verdict: Exclude<CharityRequestStatus, 'pending'>) {
  const admin = requireUser(c);
  enforce(hasRole(admin, 'admin'));
  const id = parseId(c.req.param('id'));
  const modifiedCount = await deps.sql.begin(async (tx) => {
    const row = await lockCharityRequest(tx, id);
    if (!row) throw notFound('Charity request');
    enforce(canDecideCharityRequest(row));
    if (verdict === 'approved' && !(await grantCharityRole(tx, row.user_id))) {
      throw conflict('The account that sent this request no longer exists. Reject the request instead.');
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
