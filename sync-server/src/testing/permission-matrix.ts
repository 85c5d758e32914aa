// The permission matrix (issue 15): every route of the app by every kind of caller, with the status the spec and the
// decisions in docs/decisions ask for. The routes are the app's route table (routes/table.ts); only the expectations
// per caller are written here. `permission-matrix.test.ts` runs each cell against a real database, checks every
// answer for leaks, and fails while a route of the table has no row here.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { CHARITY_ROLE_FEE_CENTS, DONATION_GIVEN, type DonationStatus, type RequestStatus, type Role } from '@foodbridge/shared';
import type { SeriesStatus } from '@foodbridge/shared/schemas/donation-series';
import {
  createCharityRequestInput,
  createDonationInput,
  createDonationRequestInput,
  createRegisterInput,
  createReviewInput,
} from '@foodbridge/shared/testing/factories';
import { hashPassword } from '../auth/passwords.ts';
import { storeAccountLink, type AccountLinkPurpose } from '../db/account-links.ts';
import { insertCharityRequest } from '../db/charity-requests.ts';
import { insertDonationRequest } from '../db/donation-requests.ts';
import { insertFavorite } from '../db/favorites.ts';
import { recordHistory, type NewHistoryEntry } from '../db/history.ts';
import { insertImage } from '../db/images.ts';
import { insertNotifications } from '../db/notifications.ts';
import { confirmTestPayment, spendPayment } from '../db/payments.ts';
import { insertReview } from '../db/reviews.ts';
import { maxChangeSeqs } from '../db/sync.ts';
import { replaceCalendarToken } from '../db/calendar.ts';
import { addMember, createInvitation } from '../db/organisations.ts';
import { insertSeries, insertSeriesRequest, setSeriesRequestStatus } from '../db/series.ts';
import { insertMessage } from '../db/messages.ts';
import { completePhotoUpload, readPhotoLinkKey, startPhotoUpload } from '../db/pickup-photos.ts';
import { signedPhotoPath } from '../images/pickup-photo-links.ts';
import { insertUser } from '../db/users.ts';
import { insertDonation } from './fixtures.ts';
import { createBrowserSubscription } from './push-service-stub.ts';
import type { TestApp } from './test-app.ts';

/**
 * Who calls. `restaurant` and `charity` own the resource of the row: the restaurant whose donation it is (or whose
 * donation a request is for), the charity whose request it is or that the donation was given to. The `other` ones
 * have the same role and nothing to do with it. `user` is a plain account; where a row's resource belongs to an
 * account rather than a restaurant or a charity (favourites, reviews, charity requests, payments, profiles), it is
 * this user's. `restaurant` and `charity` are their organisations' founders and leads (manager, coordinator);
 * `staff` and `driver` are members of those same organisations in the other roles (issue 46, ADR 018).
 */
export const CALLERS = ['anonymous', 'user', 'restaurant', 'staff', 'otherRestaurant', 'charity', 'driver', 'otherCharity', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Account = Exclude<Caller, 'anonymous'>;

const ACCOUNT_ROLES: Record<Account, Role> = {
  user: 'user',
  restaurant: 'restaurant',
  // Made plain, then joined to their organisation (World.create): as a restaurant of their own they would found one.
  staff: 'user',
  otherRestaurant: 'restaurant',
  charity: 'charity',
  driver: 'user',
  otherCharity: 'charity',
  admin: 'admin',
};

/** The members who are not their organisation's founder: whose organisation, and in which role. */
const MEMBERS = { staff: { of: 'restaurant', role: 'staff' }, driver: { of: 'charity', role: 'driver' } } as const;

/** The caller whose restaurant or charity a caller acts for: a member acts for its organisation's founder. */
export const actsFor = (caller: Account): Account => (caller === 'staff' ? 'restaurant' : caller === 'driver' ? 'charity' : caller);

export interface WorldAccount {
  id: string;
  email: string;
  name: string;
  role: Role;
  token: string;
  refreshToken: string;
}

const PASSWORD = 'matrix-password-1';
let passwordHash: Promise<string> | undefined;
const matrixPasswordHash = () => (passwordHash ??= hashPassword(PASSWORD));
let tinyPng: Promise<Buffer> | undefined;
const png = () => (tinyPng ??= sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } }).png().toBuffer());

/**
 * The accounts and rows one matrix row runs against, built straight in the database (the routes under test are not
 * used to build their own fixtures). Resources are made on first use, so a row pays only for what it touches.
 */
export class World {
  /** Accounts besides the callers (a role change's target, a sign-in's account): nobody else may read their e-mail. */
  readonly extras: WorldAccount[] = [];
  /** Payment ids and whose they are. */
  readonly payments: { id: string; ownerId: string }[] = [];
  /** Pairs of accounts that are parties to one request or one given donation: each may read the other's e-mail. */
  private readonly parties: [Account, Account][] = [];
  private readonly made = new Map<string, Promise<string>>();

  private constructor(
    readonly t: TestApp,
    readonly accounts: Record<Account, WorldAccount>,
    /** A replication checkpoint before this world's rows: a pull from here reads them, not every earlier world's. */
    readonly checkpoint: { id: string; seq: number },
  ) {}

  static async create(t: TestApp): Promise<World> {
    const seqs = await maxChangeSeqs(t.sql);
    const checkpoint = { id: '00000000-0000-0000-0000-000000000000', seq: Math.max(...Object.values(seqs)) };
    const made = await Promise.all((Object.entries(ACCOUNT_ROLES) as [Account, Role][]).map(async ([key, role]) => [key, await makeAccount(t, key, role)] as const));
    const accounts = Object.fromEntries(made) as Record<Account, WorldAccount>;
    for (const [key, { of, role }] of Object.entries(MEMBERS) as [keyof typeof MEMBERS, (typeof MEMBERS)[keyof typeof MEMBERS]][]) {
      const kind = ACCOUNT_ROLES[of];
      await addMember(t.sql, { id: accounts[of].id, kind: of }, accounts[key].id, role);
      accounts[key] = { ...accounts[key], role: kind };
    }
    return new World(t, accounts, checkpoint);
  }

  private once(key: string, make: () => Promise<string>): Promise<string> {
    let id = this.made.get(key);
    if (!id) this.made.set(key, (id = make()));
    return id;
  }

  /** A donation of `restaurant`; one given away went to `charity`, through its accepted request. */
  donation(status: DonationStatus): Promise<string> {
    const { restaurant, charity } = this.accounts;
    return this.once(`donation:${status}`, async () => {
      if (!DONATION_GIVEN.includes(status)) return insertDonation(this.t.sql, restaurant, { status });
      const id = await insertDonation(this.t.sql, restaurant, { status, charity: { id: charity.id, name: charity.name, email: charity.email } });
      await this.requestBy('charity', id, 'Accepted');
      return id;
    });
  }

  /** A donation `charity`'s founder confirmed a moment ago, whose confirmation can still be undone. */
  justPicked(): Promise<string> {
    const { restaurant, charity } = this.accounts;
    return this.once('donation:just-picked', async () => {
      const id = await insertDonation(this.t.sql, restaurant, {
        status: 'Picked',
        charity: { id: charity.id, name: charity.name, email: charity.email },
        pickedAt: new Date(),
        pickedUpBy: charity.id,
      });
      await this.requestBy('charity', id, 'Accepted');
      return id;
    });
  }

  /** `charity`'s Pending request for `restaurant`'s Verified donation. */
  async request(): Promise<string> {
    return this.once('request', async () => this.requestBy('charity', await this.donation('Verified'), 'Pending'));
  }

  /**
   * `otherCharity`'s request for the donation given to `charity`, turned down: it may still read that donation, but
   * not the winner's e-mail.
   */
  async turnedDownRequest(): Promise<string> {
    return this.once('request:turned-down', async () => this.requestBy('otherCharity', await this.donation('Accepted'), 'Rejected'));
  }

  private async requestBy(who: 'charity' | 'otherCharity', donationId: string, status: RequestStatus): Promise<string> {
    const charity = this.accounts[who];
    this.parties.push([who, 'restaurant']);
    const row = await this.t.sql.begin((tx) =>
      insertDonationRequest(tx, {
        donationId,
        charityId: charity.id,
        charityName: charity.name,
        charityEmail: charity.email,
        requestDescription: 'For tonight',
        pickupTime: '18:30',
        status,
      }),
    );
    return row.id;
  }

  /**
   * The e-mails `caller` may read in this world: its own; the restaurant's, which every donation shows (the spec's
   * donation has `restaurantEmail`); those of the other party of its requests and given donations; all for an admin.
   */
  emailsShownTo(caller: Caller): Set<string> {
    if (caller === 'admin') return new Set(this.allAccounts.map((a) => a.email));
    const shown = new Set([this.accounts.restaurant.email]);
    if (caller === 'anonymous') return shown;
    shown.add(this.accounts[caller].email);
    // A member sees what its organisation sees, and the organisation's members see each other (its team page).
    const party = actsFor(caller);
    shown.add(this.accounts[party].email);
    for (const [member, { of }] of Object.entries(MEMBERS) as [Account, { of: Account }][]) {
      if (of === party) shown.add(this.accounts[member].email);
    }
    for (const [a, b] of this.parties) {
      if (a === party) shown.add(this.accounts[b].email);
      if (b === party) shown.add(this.accounts[a].email);
    }
    return shown;
  }

  /** `user`'s review of the Picked donation. */
  review(): Promise<string> {
    return this.once('review', async () => {
      const { user } = this.accounts;
      return insertReview(this.t.sql, {
        donationId: await this.donation('Picked'),
        reviewerId: user.id,
        reviewerName: user.name,
        reviewerEmail: user.email,
        description: 'Fresh and well packed',
        rating: 5,
      });
    });
  }

  /** `user`'s favourite of the Verified donation. */
  favorite(): Promise<string> {
    return this.once('favorite', async () => {
      const { user } = this.accounts;
      const row = await insertFavorite(this.t.sql, { donationId: await this.donation('Verified'), userId: user.id, email: user.email });
      return row!.id;
    });
  }

  /** A notification of `restaurant`'s (issue 11). */
  notification(): Promise<string> {
    return this.once('notification', async () => {
      await insertNotifications(this.t.sql, [
        { userId: this.accounts.restaurant.id, kind: 'request.made', title: 'New request', body: 'A charity requested it.', link: '/dashBoard/requestedDonations' },
      ]);
      const [row] = await this.t.sql<{ id: string }[]>`SELECT id FROM notifications WHERE user_id = ${this.accounts.restaurant.id} ORDER BY created_at DESC LIMIT 1`;
      return row!.id;
    });
  }

  /** A phone of `restaurant`'s subscribed to web push, one per `label` (issue 11); answers its endpoint. */
  pushDevice(label: string): Promise<string> {
    return this.once(`push:${label}`, async () => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${label}-${randomUUID()}`;
      const res = await this.t.post('/push/subscriptions', { subscription: createBrowserSubscription(endpoint).json }, this.accounts.restaurant.token);
      if (res.status !== 201) throw new Error(`push subscription failed: ${res.status}`);
      return endpoint;
    });
  }

  /** An intent of `user` created by the fee flow, not paid yet. */
  openPayment(): Promise<string> {
    return this.once('payment:open', async () => {
      const intent = await this.t.deps.payments.createFeeIntent(this.accounts.user);
      this.payments.push({ id: intent.id, ownerId: this.accounts.user.id });
      return intent.id;
    });
  }

  /** A paid intent of `user`, not yet spent on a charity request. */
  paidPayment(): Promise<string> {
    return this.once('payment:paid', async () => {
      const intent = await this.t.deps.payments.createFeeIntent(this.accounts.user);
      this.payments.push({ id: intent.id, ownerId: this.accounts.user.id });
      await confirmTestPayment(this.t.sql, intent.id, this.accounts.user.id);
      return intent.id;
    });
  }

  /** `user`'s pending charity-role request, with the fee it paid. */
  charityRequest(): Promise<string> {
    return this.once('charity-request', async () => {
      const { user } = this.accounts;
      const paymentId = `pi_test_${randomBytes(12).toString('hex')}`;
      this.payments.push({ id: paymentId, ownerId: user.id });
      const row = await this.t.sql.begin(async (tx) => {
        const payment = { id: paymentId, userId: user.id, email: user.email, amount: CHARITY_ROLE_FEE_CENTS, currency: 'usd' };
        await spendPayment(tx, { ...payment, mode: 'test', status: 'succeeded' });
        return insertCharityRequest(tx, { ...payment, name: user.name, organization: 'Food Aid', mission: 'Feed people', paymentAmount: CHARITY_ROLE_FEE_CENTS, paymentId });
      });
      return row.id;
    });
  }

  /**
   * The donation of `status` with the history its life would have left: posted by `restaurant`, judged by `admin`,
   * asked for by `charity` (while Verified) or given to it and, once Picked, collected.
   */
  history(status: DonationStatus): Promise<string> {
    return this.once(`history:${status}`, async () => {
      const { restaurant, charity, admin } = this.accounts;
      const donationId = await this.donation(status);
      const entry = (actor: WorldAccount, e: Omit<NewHistoryEntry, 'actor' | 'donationId'>): NewHistoryEntry => ({ actor, donationId, ...e });
      const entries = [entry(restaurant, { kind: 'donation.created', toState: 'Pending' })];
      if (status === 'Rejected') entries.push(entry(admin, { kind: 'donation.rejected', fromState: 'Pending', toState: 'Rejected' }));
      else if (status !== 'Pending') entries.push(entry(admin, { kind: 'donation.verified', fromState: 'Pending', toState: 'Verified' }));
      if (status === 'Verified') entries.push(entry(charity, { kind: 'request.made', requestId: await this.request(), toState: 'Pending' }));
      if (DONATION_GIVEN.includes(status)) {
        entries.push(entry(restaurant, { kind: 'request.accepted', fromState: 'Pending', toState: 'Accepted', detail: { charityName: charity.name } }));
      }
      if (status === 'Picked') {
        entries.push(entry(charity, { kind: 'pickup.confirmed', fromState: 'Accepted', toState: 'Picked', detail: { weightKg: 4 }, idempotencyKey: 'matrix-key' }));
      }
      await this.t.sql.begin((tx) => recordHistory(tx, ...entries));
      return donationId;
    });
  }

  /** A picture uploaded by `restaurant`. */
  image(): Promise<string> {
    return this.once('image', async () => {
      const row = await insertImage(this.t.sql, { ownerId: this.accounts.restaurant.id, type: 'image/png', width: 8, height: 8, bytes: await png() });
      return row.id;
    });
  }

  /** A proof-of-pickup photo `charity`'s founder added to the Picked donation (issue 49.3). */
  pickupPhoto(): Promise<string> {
    const { charity } = this.accounts;
    return this.once('pickup-photo', async () => {
      const donationId = await this.donation('Picked');
      const bytes = await png();
      const id = randomUUID();
      await this.t.sql.begin(async (tx) => {
        const image = await insertImage(tx, { ownerId: charity.id, type: 'image/png', width: 8, height: 8, bytes, private: true });
        await completePhotoUpload(tx, { id, donationId, charityId: charity.id, takenBy: charity.id, length: bytes.length, imageId: image.id });
      });
      return id;
    });
  }

  /** The signed address of `pickupPhoto`, as the list of the pickup's photos hands it out. */
  async pickupPhotoPath(): Promise<string> {
    const key = await readPhotoLinkKey(this.t.sql);
    return signedPhotoPath(key!, await this.pickupPhoto());
  }

  /** A photo `charity`'s founder began to upload to the Accepted donation: its first bytes. */
  photoUpload(): Promise<string> {
    const { charity } = this.accounts;
    return this.once('photo-upload', async () => {
      const donationId = await this.donation('Accepted');
      const bytes = await png();
      const id = randomUUID();
      await this.t.sql.begin((tx) =>
        startPhotoUpload(tx, { id, donationId, charityId: charity.id, takenBy: charity.id, length: bytes.length, bytes: bytes.subarray(0, 16) }),
      );
      return id;
    });
  }

  /** Another plain account: the target of an admin's action on accounts. */
  async target(): Promise<WorldAccount> {
    const account = await makeAccount(this.t, 'target', 'user');
    this.extras.push(account);
    return account;
  }

  /** An account with a password, for the sign-in routes. */
  async signInTarget(): Promise<WorldAccount> {
    const account = await makeAccount(this.t, 'signin', 'user', await hashPassword(PASSWORD));
    this.extras.push(account);
    return account;
  }

  /** A fresh account with a live link of `purpose`, and the link's token, as if its owner had the e-mail open. */
  async linkTarget(purpose: AccountLinkPurpose): Promise<{ account: WorldAccount; token: string }> {
    const account = await this.target();
    const token = randomBytes(32).toString('base64url');
    await storeAccountLink(this.t.sql, {
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: account.id,
      purpose,
      email: account.email,
      // An e-mail change's link carries the address to change to.
      newEmail: purpose === 'change-email' ? `changed-${randomBytes(5).toString('hex')}@matrix.test` : undefined,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    return { account, token };
  }

  /** A live invitation from `restaurant`'s organisation to `user`'s address, and its link's token. */
  invitation(): Promise<{ id: string; token: string }> {
    const token = randomBytes(32).toString('base64url');
    return this.once('invitation', async () => {
      const row = await this.t.sql.begin((tx) =>
        createInvitation(tx, {
          organisationId: this.accounts.restaurant.id,
          email: this.accounts.user.email,
          role: 'staff',
          invitedBy: this.accounts.restaurant.id,
          tokenHash: createHash('sha256').update(token).digest('hex'),
          expiresAt: new Date(Date.now() + 3600_000),
        }),
      );
      return JSON.stringify({ id: row.id, token });
    }).then((made) => JSON.parse(made) as { id: string; token: string });
  }

  /** A staff member of `restaurant`'s organisation besides its founder: one to remove, or to hand it over to. */
  async staffMember(): Promise<string> {
    return this.once('staff', async () => {
      const account = await makeAccount(this.t, 'staff', 'user');
      this.extras.push(account);
      await addMember(this.t.sql, { id: this.accounts.restaurant.id, kind: 'restaurant' }, account.id, 'staff');
      return account.id;
    });
  }

  /**
   * The path of `charity`'s calendar feed (issue 47.5), its founder and coordinator's own address, after every row
   * that might leak is made and the donations given to it have a pickup window, so that the feed lists them.
   */
  calendarFeed(): Promise<string> {
    return this.once('calendar', async () => {
      await this.everything();
      const token = randomBytes(32).toString('base64url');
      const { id } = this.accounts.charity;
      await this.t.sql`
        UPDATE donations SET pickup_start = now() + interval '1 hour', pickup_end = now() + interval '3 hours', pickup_offset_minutes = 0
        WHERE charity_id = ${id}`;
      await replaceCalendarToken(this.t.sql, { userId: id, organisationId: id, tokenHash: createHash('sha256').update(token).digest('hex') });
      return `/calendar/${token}.ics`;
    });
  }

  /** A regular donation of `restaurant`'s, every day in UTC from today, in `status` (issue 47, ADR 020). */
  series(status: SeriesStatus): Promise<string> {
    const { restaurant } = this.accounts;
    return this.once(`series:${status}`, async () => {
      const row = await insertSeries(this.t.sql, {
        restaurantId: restaurant.id,
        restaurantName: restaurant.name,
        restaurantEmail: restaurant.email,
        ...createDonationInput(),
        quantity: 5,
        unit: 'kg',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        windowStart: '22:00',
        windowEnd: '23:30',
        timeZone: 'UTC',
        startDate: new Date().toISOString().slice(0, 10),
        keepsHours: 4,
        status,
      });
      return row.id;
    });
  }

  /** `charity`'s standing pickup request for `restaurant`'s Verified series, in `status`. */
  seriesRequest(status: 'Pending' | 'Accepted'): Promise<string> {
    const charity = this.accounts.charity;
    return this.once(`series-request:${status}`, async () => {
      this.parties.push(['charity', 'restaurant']);
      const seriesId = await this.series('Verified');
      return this.t.sql.begin(async (tx) => {
        const row = await insertSeriesRequest(tx, { seriesId, charity, requestDescription: 'Every evening' });
        if (status === 'Accepted') await setSeriesRequestStatus(tx, row!.id, 'Accepted', this.accounts.restaurant.id);
        return row!.id;
      });
    });
  }

  /** A message `charity`'s founder wrote a moment ago in its request's conversation (issue 48). */
  message(): Promise<string> {
    const { charity } = this.accounts;
    return this.once('message', async () => {
      const requestId = await this.request();
      const [row] = await this.t.sql<{ donation_id: string }[]>`SELECT donation_id FROM donation_requests WHERE id = ${requestId}`;
      const message = await this.t.sql.begin((tx) => insertMessage(tx, { requestId, donationId: row!.donation_id, author: charity, side: 'charity', body: 'At the back door' }));
      return message.id;
    });
  }

  /** Gives the caller's account the matrix's password (callers have none), for the routes that ask for it. */
  async withPassword(caller: Caller): Promise<string> {
    if (caller !== 'anonymous') await this.t.sql`UPDATE users SET password_hash = ${await matrixPasswordHash()} WHERE id = ${this.accounts[caller].id}`;
    return PASSWORD;
  }

  /** Everything another caller might leak: a given-away donation, requests, a review, a favourite, a paid request. */
  async everything(): Promise<void> {
    for (const status of ['Pending', 'Rejected', 'Verified', 'Accepted', 'Picked'] as const) await this.donation(status);
    await this.request();
    await this.turnedDownRequest();
    await this.review();
    await this.favorite();
    await this.charityRequest();
  }

  get allAccounts(): WorldAccount[] {
    return [...Object.values(this.accounts), ...this.extras];
  }
}

async function makeAccount(t: TestApp, key: string, role: Role, passwordHash?: string): Promise<WorldAccount> {
  const email = `${key.toLowerCase()}-${randomBytes(5).toString('hex')}@matrix.test`;
  const name = `Matrix ${key}`;
  const row = await insertUser(t.sql, { email, name, role, passwordHash });
  const tokens = await t.deps.tokens.issue({ id: row.id, email, name });
  return { id: row.id, email, name, role, token: tokens.idToken, refreshToken: tokens.refreshToken };
}

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** JSON, a FormData, or raw bytes (a chunk of a photo's upload, with its `headers`). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  /** The route as the Hono app registers it: `METHOD /path/:param`. */
  route: string;
  /** What sets this row apart from others of the same route. */
  variant?: string;
  request: (w: World, caller: Caller) => Promise<MatrixRequest> | MatrixRequest;
  expect: Record<Caller, number>;
  /** Server-sent events: the status only (the stream is closed after the headers). */
  stream?: boolean;
  /** Accounts whose e-mail this row's answers carry by design (the account that signs in). */
  reveals?: (w: World) => WorldAccount[];
  /** Whether the row hands out tokens (register, login, refresh): a `refreshToken` in the answer is its purpose. */
  issuesTokens?: boolean;
  /** The caller's credentials travel in the address (a stream ticket), not in the Authorization header. */
  credentialsInUrl?: boolean;
}

/**
 * Every caller gets `status`, except as `except` says. A member gets what its organisation's founder gets unless
 * `except` names the member: what staff and drivers may do is the same as their organisation's but where a row says.
 */
function everyone(status: number, except: Partial<Record<Caller, number>> = {}): Record<Caller, number> {
  const of = (c: Caller): number => except[c] ?? (c === 'staff' || c === 'driver' ? of(actsFor(c)) : status);
  return Object.fromEntries(CALLERS.map((c) => [c, of(c)])) as Record<Caller, number>;
}

/** `status` for the callers that are members of an organisation: the restaurants and charities (and their members). */
function members(status: number): Partial<Record<Caller, number>> {
  return { restaurant: status, staff: status, otherRestaurant: status, charity: status, driver: status, otherCharity: status };
}

/** 401 signed out; `status` for every signed-in caller except as `except` says. */
function signedIn(status: number, except: Partial<Record<Caller, number>> = {}): Record<Caller, number> {
  return everyone(status, { anonymous: 401, ...except });
}

const get = (path: string): MatrixRequest => ({ method: 'GET', path });
const SYNC_COLLECTIONS = ['donations', 'favorites', 'donation-requests', 'notifications', 'messages'] as const;
/** Who is refused a collection's pull and stream: requests are not for plain users, messages only for the two sides. */
const SYNC_REFUSED: Partial<Record<(typeof SYNC_COLLECTIONS)[number], Partial<Record<Caller, number>>>> = {
  'donation-requests': { user: 403 },
  messages: { user: 403, admin: 403 },
};

/** The signed-in caller's account (undefined signed out). */
const me = (w: World, caller: Caller): WorldAccount | undefined => (caller === 'anonymous' ? undefined : w.accounts[caller]);

export const PERMISSION_MATRIX: MatrixRow[] = [
  // ---- For proxies and orchestrators: open to everyone, never about anyone.
  { route: 'GET /healthz', request: () => get('/healthz'), expect: everyone(200) },
  { route: 'GET /readyz', request: () => get('/readyz'), expect: everyone(200) },
  // Open outside production when no METRICS_TOKEN is set (routes/metrics.test.ts covers the token and production).
  { route: 'GET /metrics', request: () => get('/metrics'), expect: everyone(200) },
  // Platform figures from recorded pickups: public, about nobody.
  { route: 'GET /impact', request: () => get('/impact'), expect: everyone(200) },
  // ---- The API reference: public, the same for everyone. The document names the sign-in routes' `refreshToken`
  // field (issuesTokens lets the word through); it carries no token of anyone's.
  { route: 'GET /openapi.json', request: () => get('/openapi.json'), expect: everyone(200), issuesTokens: true },
  { route: 'GET /api/docs', request: () => get('/api/docs'), expect: everyone(200) },
  { route: 'GET /api/docs/docs.js', request: () => get('/api/docs/docs.js'), expect: everyone(200) },
  // Scalar's bundle names refresh tokens (its OAuth 2 client), as the document does; no account's token is in either.
  { route: 'GET /api/docs/scalar.js', request: () => get('/api/docs/scalar.js'), expect: everyone(200), issuesTokens: true },
  // ---- Sign-in (the built-in identity provider): open to everyone, the token in the body is what counts.
  { route: 'GET /.well-known/jwks.json', request: () => get('/.well-known/jwks.json'), expect: everyone(200) },
  { route: 'GET /auth/config', request: () => get('/auth/config'), expect: everyone(200) },
  {
    route: 'POST /auth/register',
    request: () => ({ method: 'POST', path: '/auth/register', body: createRegisterInput({ email: `new-${randomUUID()}@matrix.test` }) }),
    expect: everyone(201),
    issuesTokens: true,
  },
  {
    route: 'POST /auth/login',
    request: async (w) => ({ method: 'POST', path: '/auth/login', body: { email: (await w.signInTarget()).email, password: PASSWORD } }),
    expect: everyone(200),
    reveals: (w) => w.extras,
    issuesTokens: true,
  },
  {
    route: 'POST /auth/refresh',
    request: async (w) => ({ method: 'POST', path: '/auth/refresh', body: { refreshToken: (await w.target()).refreshToken } }),
    expect: everyone(200),
    reveals: (w) => w.extras,
    issuesTokens: true,
  },
  {
    route: 'POST /auth/logout',
    request: async (w) => ({ method: 'POST', path: '/auth/logout', body: { refreshToken: (await w.target()).refreshToken } }),
    expect: everyone(204),
  },
  // Account e-mails: a link's token is what counts, never who opens it; asking for a link needs one's own account.
  // The matrix's accounts are unverified and have had no e-mail yet, so each may ask once.
  { route: 'POST /auth/verification-email', request: () => ({ method: 'POST', path: '/auth/verification-email' }), expect: signedIn(204) },
  {
    route: 'POST /auth/verify-email',
    request: async (w) => ({ method: 'POST', path: '/auth/verify-email', body: { token: (await w.linkTarget('verify')).token } }),
    expect: everyone(200),
    reveals: (w) => w.extras,
  },
  {
    route: 'POST /auth/verify-email',
    variant: 'the link of an e-mail change',
    request: async (w) => ({ method: 'POST', path: '/auth/verify-email', body: { token: (await w.linkTarget('change-email')).token } }),
    expect: everyone(200),
  },
  {
    route: 'POST /auth/password-reset-email',
    request: async (w) => ({ method: 'POST', path: '/auth/password-reset-email', body: { email: (await w.target()).email } }),
    expect: everyone(204),
  },
  {
    route: 'POST /auth/reset-password',
    request: async (w) => ({
      method: 'POST',
      path: '/auth/reset-password',
      body: { token: (await w.linkTarget('reset')).token, password: 'a-new-password' },
    }),
    expect: everyone(204),
  },
  // One's own password and e-mail: the caller's current password is what counts (the answer is the caller's new session).
  {
    route: 'POST /auth/change-password',
    request: async (w, caller) => ({
      method: 'POST',
      path: '/auth/change-password',
      body: { currentPassword: await w.withPassword(caller), newPassword: 'another-matrix-password' },
    }),
    expect: signedIn(200),
    issuesTokens: true,
  },
  {
    route: 'POST /auth/change-email',
    request: async (w, caller) => ({
      method: 'POST',
      path: '/auth/change-email',
      body: { newEmail: `moved-${randomUUID()}@matrix.test`, password: await w.withPassword(caller) },
    }),
    expect: signedIn(204),
  },

  // ---- Accounts: one's own, or an admin's.
  { route: 'GET /users', request: () => get('/users'), expect: signedIn(403, { admin: 200 }) },
  { route: 'POST /users', request: () => ({ method: 'POST', path: '/users', body: { name: 'Renamed' } }), expect: signedIn(200) },
  { route: 'GET /users/me', request: () => get('/users/me'), expect: signedIn(200) },
  {
    route: 'PATCH /users/me',
    request: () => ({ method: 'PATCH', path: '/users/me', body: { address: '2 Main Street' } }),
    expect: signedIn(200),
  },
  // One's own data: the caller's rows and the e-mails they already show it, nobody else's.
  { route: 'GET /users/me/export', request: async (w) => (await w.everything(), get('/users/me/export')), expect: signedIn(200) },
  {
    route: 'DELETE /users/me',
    request: async (w, caller) => ({ method: 'DELETE', path: '/users/me', body: { password: await w.withPassword(caller) } }),
    // Every world has its own admin, so an admin deleting theirs is never the last one. The restaurant's and the
    // charity's founders have members (staff, driver), and stay while they do (their account is the profile).
    expect: signedIn(200, { restaurant: 409, charity: 409, staff: 200, driver: 200 }),
  },
  {
    route: 'GET /users/search',
    request: (w) => get(`/users/search?email=${encodeURIComponent(w.accounts.user.email)}`),
    expect: signedIn(403, { user: 200, admin: 200 }),
  },
  {
    route: 'GET /users/role/:email',
    request: (w) => get(`/users/role/${encodeURIComponent(w.accounts.user.email)}`),
    expect: signedIn(403, { user: 200, admin: 200 }),
  },
  {
    route: 'PATCH /users/role/:id',
    request: async (w) => ({ method: 'PATCH', path: `/users/role/${(await w.target()).id}`, body: { role: 'restaurant' } }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    route: 'DELETE /users/:id',
    request: async (w) => ({ method: 'DELETE', path: `/users/${(await w.target()).id}` }),
    expect: signedIn(403, { admin: 200 }),
  },

  // ---- The charity role and its fee (the requester is `user`).
  {
    route: 'GET /charity-requests',
    variant: 'public list',
    request: async (w) => (await w.everything(), get('/charity-requests')),
    expect: everyone(200),
  },
  {
    route: 'GET /charity-requests',
    variant: "?email= of the user's own",
    request: async (w) => (await w.charityRequest(), get(`/charity-requests?email=${encodeURIComponent(w.accounts.user.email)}`)),
    expect: signedIn(403, { user: 200, admin: 200 }),
  },
  {
    route: 'POST /charity-requests',
    request: async (w) => ({ method: 'POST', path: '/charity-requests', body: createCharityRequestInput({ paymentId: await w.paidPayment() }) }),
    // Only plain users ask for the role; a charity has it already, and an admin needs none.
    expect: signedIn(403, { user: 201, charity: 409, otherCharity: 409 }),
  },
  {
    route: 'PATCH /charity-requests/approve/:id',
    request: async (w) => ({ method: 'PATCH', path: `/charity-requests/approve/${await w.charityRequest()}`, body: { email: w.accounts.user.email } }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    route: 'PATCH /charity-requests/reject/:id',
    request: async (w) => ({ method: 'PATCH', path: `/charity-requests/reject/${await w.charityRequest()}` }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    route: 'POST /create-payment-intent',
    request: () => ({ method: 'POST', path: '/create-payment-intent', body: { amount: CHARITY_ROLE_FEE_CENTS } }),
    // Refused before any money moves: a restaurant could never submit the request; charities and admins need none.
    expect: signedIn(409, { user: 200, restaurant: 403, otherRestaurant: 403 }),
  },
  {
    route: 'POST /test-payments/:id/confirm',
    request: async (w) => ({ method: 'POST', path: `/test-payments/${await w.openPayment()}/confirm` }),
    expect: signedIn(403, { user: 200 }),
  },
  {
    route: 'GET /transactions',
    request: async (w) => (await w.charityRequest(), get('/transactions')),
    expect: signedIn(200),
  },

  // ---- Reviews (any signed-in account reviews a donation it may read; `user` wrote the one under test).
  {
    route: 'POST /reviews',
    variant: 'Picked donation',
    request: async (w) => ({ method: 'POST', path: '/reviews', body: createReviewInput({ donationId: await w.donation('Picked') }) }),
    expect: signedIn(201),
  },
  {
    route: 'POST /reviews',
    variant: 'Pending donation',
    request: async (w) => ({ method: 'POST', path: '/reviews', body: createReviewInput({ donationId: await w.donation('Pending') }) }),
    expect: signedIn(404, { restaurant: 201, admin: 201 }),
  },
  {
    route: 'GET /reviews/:donationId',
    variant: 'Picked donation',
    request: async (w) => (await w.review(), get(`/reviews/${await w.donation('Picked')}`)),
    expect: everyone(200),
  },
  {
    route: 'GET /reviews/:donationId',
    variant: 'Pending donation',
    request: async (w) => get(`/reviews/${await w.donation('Pending')}`),
    expect: everyone(404, { restaurant: 200, admin: 200 }),
  },
  {
    route: 'GET /my-reviews/:email',
    request: async (w) => (await w.review(), get(`/my-reviews/${encodeURIComponent(w.accounts.user.email)}`)),
    expect: signedIn(403, { user: 200, admin: 200 }),
  },
  {
    route: 'DELETE /reviews/:id',
    request: async (w) => ({ method: 'DELETE', path: `/reviews/${await w.review()}` }),
    expect: signedIn(403, { user: 200, admin: 200 }),
  },

  // ---- Favourites (`user` saved the one under test).
  {
    route: 'POST /favorites',
    variant: 'Accepted donation',
    request: async (w) => ({ method: 'POST', path: '/favorites', body: { donationId: await w.donation('Accepted') } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /favorites',
    variant: 'Rejected donation',
    request: async (w) => ({ method: 'POST', path: '/favorites', body: { donationId: await w.donation('Rejected') } }),
    expect: signedIn(404, { restaurant: 201, admin: 201 }),
  },
  {
    route: 'GET /favorites/:email',
    request: async (w) => (await w.favorite(), get(`/favorites/${encodeURIComponent(w.accounts.user.email)}`)),
    expect: signedIn(403, { user: 200, admin: 200 }),
  },
  {
    route: 'DELETE /favorites/:favoriteId',
    request: async (w) => ({ method: 'DELETE', path: `/favorites/${await w.favorite()}` }),
    expect: signedIn(403, { user: 200, admin: 200 }),
  },

  // ---- Pictures: any signed-in account uploads; pictures are public.
  {
    route: 'POST /images',
    request: async () => {
      const form = new FormData();
      form.append('image', new File([new Uint8Array(await png())], 'photo.png', { type: 'image/png' }));
      return { method: 'POST', path: '/images', body: form };
    },
    expect: signedIn(201),
  },
  { route: 'GET /images/:id', request: async (w) => get(`/images/${await w.image()}`), expect: everyone(200) },

  // ---- Donations (`restaurant`'s; one given away went to `charity`).
  { route: 'GET /donations', request: async (w) => (await w.everything(), get('/donations')), expect: everyone(200) },
  { route: 'GET /donations/verified', request: async (w) => (await w.everything(), get('/donations/verified')), expect: everyone(200) },
  ...(['Verified', 'Accepted', 'Assigned', 'Picked'] as const).map(
    (status): MatrixRow => ({
      route: 'GET /donations/:id',
      variant: `${status} donation`,
      request: async (w) => get(`/donations/${await w.donation(status)}`),
      expect: everyone(200),
    }),
  ),
  ...(['Pending', 'Rejected'] as const).map(
    (status): MatrixRow => ({
      route: 'GET /donations/:id',
      variant: `${status} donation`,
      request: async (w) => get(`/donations/${await w.donation(status)}`),
      expect: everyone(404, { restaurant: 200, admin: 200 }),
    }),
  ),
  // A donation's timeline goes to whoever may read the donation; e-mails in it as the donation shows them.
  ...(['Verified', 'Accepted', 'Picked'] as const).map(
    (status): MatrixRow => ({
      route: 'GET /donations/:id/history',
      variant: `${status} donation`,
      request: async (w) => get(`/donations/${await w.history(status)}/history`),
      expect: everyone(200),
    }),
  ),
  ...(['Pending', 'Rejected'] as const).map(
    (status): MatrixRow => ({
      route: 'GET /donations/:id/history',
      variant: `${status} donation`,
      request: async (w) => get(`/donations/${await w.history(status)}/history`),
      expect: everyone(404, { restaurant: 200, admin: 200 }),
    }),
  ),
  // The whole history, by anyone and about anyone: admins only.
  { route: 'GET /history', request: async (w) => (await w.history('Picked'), get('/history')), expect: signedIn(403, { admin: 200 }) },
  // CSV exports: an admin's of everything; a restaurant's of its own donations, a charity's of its own pickups (an
  // other restaurant or charity gets its own, empty, file); the list of accounts for admins only.
  {
    route: 'GET /exports/donations.csv',
    request: async (w) => (await w.donation('Picked'), get('/exports/donations.csv')),
    expect: signedIn(403, { restaurant: 200, otherRestaurant: 200, admin: 200 }),
  },
  {
    route: 'GET /exports/pickups.csv',
    request: async (w) => (await w.donation('Picked'), get('/exports/pickups.csv?from=2000-01-01')),
    expect: signedIn(403, { charity: 200, otherCharity: 200, admin: 200 }),
  },
  { route: 'GET /exports/users.csv', request: () => get('/exports/users.csv'), expect: signedIn(403, { admin: 200 }) },
  {
    route: 'POST /donations',
    request: () => ({ method: 'POST', path: '/donations', body: createDonationInput() }),
    // Only a restaurant offers food, under its own name: an admin does not post for one.
    expect: signedIn(403, { restaurant: 201, otherRestaurant: 201 }),
  },
  {
    route: 'PATCH /donations/:id',
    variant: 'Verified donation',
    request: async (w) => ({ method: 'PATCH', path: `/donations/${await w.donation('Verified')}`, body: { quantity: 3 } }),
    expect: signedIn(403, { restaurant: 200 }),
  },
  {
    route: 'PATCH /donations/:id',
    variant: 'Pending donation',
    request: async (w) => ({ method: 'PATCH', path: `/donations/${await w.donation('Pending')}`, body: { quantity: 3 } }),
    expect: signedIn(404, { restaurant: 200, admin: 403 }),
  },
  {
    route: 'DELETE /donations/:id',
    variant: 'Verified donation',
    request: async (w) => ({ method: 'DELETE', path: `/donations/${await w.donation('Verified')}` }),
    // Deleting is the managers' (staff post and edit).
    expect: signedIn(403, { restaurant: 200, staff: 403, admin: 200 }),
  },
  {
    route: 'DELETE /donations/:id',
    variant: 'Pending donation',
    request: async (w) => ({ method: 'DELETE', path: `/donations/${await w.donation('Pending')}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, admin: 200 }),
  },
  {
    route: 'DELETE /donations/:id',
    variant: 'Accepted donation (the charity may be on its way)',
    request: async (w) => ({ method: 'DELETE', path: `/donations/${await w.donation('Accepted')}` }),
    expect: signedIn(403, { restaurant: 409, staff: 403, admin: 409 }),
  },
  {
    route: 'PATCH /donations/verify/:id',
    request: async (w) => ({ method: 'PATCH', path: `/donations/verify/${await w.donation('Pending')}` }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    route: 'PATCH /donations/reject/:id',
    request: async (w) => ({ method: 'PATCH', path: `/donations/reject/${await w.donation('Pending')}` }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    route: 'PATCH /donations/pickup/:id',
    request: async (w) => ({ method: 'PATCH', path: `/donations/pickup/${await w.donation('Accepted')}` }),
    expect: signedIn(403, { charity: 200 }),
  },
  {
    route: 'DELETE /donations/pickup/:id',
    request: async (w) => ({ method: 'DELETE', path: `/donations/pickup/${await w.justPicked()}` }),
    // The founder (a coordinator) confirmed it; a driver undoes only their own confirmation. Others may read a picked
    // donation, so they are told it is not theirs rather than that it is not there.
    expect: signedIn(403, { charity: 200, driver: 403 }),
  },
  {
    route: 'PATCH /donations/:id/not-collected',
    // The world's Accepted donation has neither window nor best before: its restaurant may stop waiting at once.
    request: async (w) => ({ method: 'PATCH', path: `/donations/${await w.donation('Accepted')}/not-collected` }),
    expect: signedIn(403, { restaurant: 200, staff: 200 }),
  },
  {
    route: 'PATCH /donations/review/:id',
    request: async (w) => ({ method: 'PATCH', path: `/donations/review/${await w.donation('Picked')}`, body: { review: 'Well packed' } }),
    expect: signedIn(403, { charity: 200 }),
  },
  // A charity's pickups among its members (issue 46): any member takes one; a coordinator gives it to one.
  {
    route: 'POST /donations/:id/claim',
    request: async (w) => ({ method: 'POST', path: `/donations/${await w.donation('Accepted')}/claim` }),
    expect: signedIn(403, { charity: 200, driver: 200 }),
  },
  {
    route: 'PATCH /donations/:id/assignee',
    request: async (w) => ({ method: 'PATCH', path: `/donations/${await w.donation('Accepted')}/assignee`, body: { userId: w.accounts.driver.id } }),
    expect: signedIn(403, { charity: 200, driver: 403 }),
  },
  {
    route: 'GET /my-pickups',
    request: async (w) => (await w.donation('Accepted'), get(`/my-pickups?email=${encodeURIComponent(w.accounts.charity.email)}`)),
    expect: signedIn(403, { charity: 200, admin: 200 }),
  },

  // ---- Donation requests (`charity`'s, for `restaurant`'s donation).
  {
    route: 'POST /donation-requests',
    variant: 'Verified donation',
    request: async (w) => ({ method: 'POST', path: '/donation-requests', body: createDonationRequestInput({ donationId: await w.donation('Verified') }) }),
    // Asking is the coordinators'; drivers collect.
    expect: signedIn(403, { charity: 201, driver: 403, otherCharity: 201 }),
  },
  {
    route: 'POST /donation-requests',
    variant: 'Pending donation',
    request: async (w) => ({ method: 'POST', path: '/donation-requests', body: createDonationRequestInput({ donationId: await w.donation('Pending') }) }),
    // A driver is refused before the donation is looked for: asking is the coordinators'.
    expect: signedIn(403, { charity: 404, driver: 403, otherCharity: 404 }),
  },
  {
    route: 'GET /donation-requests',
    request: async (w) => (await w.everything(), get('/donation-requests')),
    expect: signedIn(200, { user: 403 }),
  },
  {
    route: 'PATCH /donation-requests/accept/:id',
    request: async (w) => ({ method: 'PATCH', path: `/donation-requests/accept/${await w.request()}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, charity: 403, admin: 403 }),
  },
  {
    route: 'PATCH /donation-requests/reject/:id',
    request: async (w) => ({ method: 'PATCH', path: `/donation-requests/reject/${await w.request()}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, charity: 403, admin: 403 }),
  },
  {
    route: 'DELETE /donation-requests/:id',
    request: async (w) => ({ method: 'DELETE', path: `/donation-requests/${await w.request()}` }),
    expect: signedIn(404, { charity: 200, driver: 403, admin: 200, restaurant: 403 }),
  },

  // ---- Replication (docs/decisions/002-replication.md): signed in; requests not for plain users, messages for
  // restaurants and charities only (ADR 021); pushes of favourites only.
  ...SYNC_COLLECTIONS.map(
    (collection): MatrixRow => ({
      route: 'GET /sync/:collection/pull',
      variant: collection,
      request: async (w) => (await w.everything(), get(`/sync/${collection}/pull?id=${w.checkpoint.id}&seq=${w.checkpoint.seq}&limit=100`)),
      expect: signedIn(200, SYNC_REFUSED[collection] ?? {}),
    }),
  ),
  ...SYNC_COLLECTIONS.map(
    (collection): MatrixRow => ({
      route: 'POST /sync/:collection/push',
      variant: collection,
      request: async (w, caller) => {
        const id = randomUUID();
        const doc = { _id: id, favoriteId: id, donationId: await w.donation('Accepted'), email: me(w, caller)?.email ?? '', _deleted: false };
        return { method: 'POST', path: `/sync/${collection}/push`, body: [{ newDocumentState: doc }] };
      },
      expect: signedIn(collection === 'favorites' ? 200 : 403),
    }),
  ),
  ...SYNC_COLLECTIONS.map(
    (collection): MatrixRow => ({
      route: 'GET /sync/:collection/pull/stream',
      variant: collection,
      request: () => get(`/sync/${collection}/pull/stream`),
      expect: signedIn(200, SYNC_REFUSED[collection] ?? {}),
      stream: true,
    }),
  ),
  // ---- Notifications (issue 11): each person's own; someone else's id is not found.
  { route: 'GET /notifications', request: async (w) => (await w.notification(), get('/notifications')), expect: signedIn(200) },
  {
    route: 'PATCH /notifications/:id/read',
    request: async (w) => ({ method: 'PATCH', path: `/notifications/${await w.notification()}/read` }),
    // A person's own: not their organisation's.
    expect: signedIn(404, { restaurant: 200, staff: 404 }),
  },
  { route: 'POST /notifications/read-all', request: () => ({ method: 'POST', path: '/notifications/read-all' }), expect: signedIn(200) },
  // ---- Web push (issue 11): the key is public; each person manages their own devices only.
  { route: 'GET /push/public-key', request: () => get('/push/public-key'), expect: everyone(200) },
  {
    route: 'POST /push/subscriptions',
    request: () => ({ method: 'POST', path: '/push/subscriptions', body: { subscription: createBrowserSubscription(`https://fcm.googleapis.com/fcm/send/${randomUUID()}`).json } }),
    expect: signedIn(201),
  },
  {
    route: 'PATCH /push/subscriptions',
    request: async (w) => ({ method: 'PATCH', path: '/push/subscriptions', body: { endpoint: await w.pushDevice('patch'), disabledKinds: ['request.made'] } }),
    expect: signedIn(404, { restaurant: 200, staff: 404 }),
  },
  {
    route: 'DELETE /push/subscriptions',
    request: async (w) => ({ method: 'DELETE', path: `/push/subscriptions?endpoint=${encodeURIComponent(await w.pushDevice('delete'))}` }),
    expect: signedIn(404, { restaurant: 200, staff: 404 }),
  },
  // To the caller's own devices (none here: nothing leaves the server).
  { route: 'POST /push/test', request: () => ({ method: 'POST', path: '/push/test' }), expect: signedIn(200) },
  // ---- Each role's own figures (issue 12) and the map's tile source (issue 10).
  { route: 'GET /dashboard', request: async (w) => (await w.donation('Picked'), get('/dashboard')), expect: signedIn(200) },
  { route: 'GET /map/config', request: () => get('/map/config'), expect: everyone(200) },
  // Address search: signed in only; the matrix's server has no GEOCODER_URL, so it is not there (routes/geocode.test.ts).
  { route: 'GET /geocode', request: () => get('/geocode?q=Pariser%20Platz'), expect: signedIn(404) },
  // ---- Pickup reports corrected (issue 12): the picking charity only, within 7 days (the fixture's pickup has no
  // date, so the picker is told it is too late); read by the parties and admins.
  {
    route: 'GET /donations/:id/pickup-report',
    request: async (w) => get(`/donations/${await w.donation('Picked')}/pickup-report`),
    expect: signedIn(403, { restaurant: 200, charity: 200, admin: 200 }),
  },
  {
    route: 'PUT /donations/:id/pickup-report',
    request: async (w) => ({ method: 'PUT', path: `/donations/${await w.donation('Picked')}/pickup-report`, body: { weightKg: 2, outcome: 'all' } }),
    expect: signedIn(403, { charity: 409 }),
  },
  // ---- A charity's home base and alerts (issues 10 and 11): charities only, each its own.
  // ---- Organisations (issue 46): always the caller's own, found by its membership. Every restaurant and charity of
  // the matrix owns one (its founder); the rows' organisation is `restaurant`'s, so the others are outsiders to it.
  { route: 'GET /organisations/mine', request: () => get('/organisations/mine'), expect: signedIn(404, members(200)) },
  {
    route: 'PATCH /organisations/mine',
    request: () => ({ method: 'PATCH', path: '/organisations/mine', body: { phone: '+1 555 0199' } }),
    // Its profile is the leads' (each world's founders are); staff and drivers read it.
    expect: signedIn(404, { ...members(200), staff: 403, driver: 403 }),
  },
  {
    route: 'POST /organisations/mine/invitations',
    request: (_w, caller) => ({
      method: 'POST',
      path: '/organisations/mine/invitations',
      body: { email: `invited-${randomUUID()}@matrix.test`, role: caller === 'charity' || caller === 'otherCharity' ? 'driver' : 'staff' },
    }),
    // Inviting is the managers' and coordinators'.
    expect: signedIn(404, { ...members(201), staff: 403, driver: 403 }),
  },
  {
    route: 'GET /organisations/mine/invitations',
    request: async (w) => (await w.invitation(), get('/organisations/mine/invitations')),
    expect: signedIn(404, { ...members(200), staff: 403, driver: 403 }),
    // The restaurant sees whom it invited.
    reveals: (w) => [w.accounts.user],
  },
  {
    route: 'DELETE /organisations/mine/invitations/:id',
    request: async (w) => ({ method: 'DELETE', path: `/organisations/mine/invitations/${(await w.invitation()).id}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, driver: 403 }),
  },
  {
    // Anyone holding the link may see what it invites to (not the address it was sent to).
    route: 'POST /invitations/preview',
    request: async (w) => ({ method: 'POST', path: '/invitations/preview', body: { token: (await w.invitation()).token } }),
    expect: everyone(200),
  },
  {
    // Only the invited address's account joins; the others are told it is not theirs.
    route: 'POST /invitations/accept',
    request: async (w) => ({ method: 'POST', path: '/invitations/accept', body: { token: (await w.invitation()).token } }),
    expect: signedIn(403, { user: 200, staff: 403, driver: 403 }),
    // The new member sees the organisation's members.
    reveals: (w) => [w.accounts.restaurant, w.accounts.staff],
  },
  {
    route: 'PATCH /organisations/mine/members/:userId',
    request: async (w) => ({ method: 'PATCH', path: `/organisations/mine/members/${await w.staffMember()}`, body: { role: 'manager' } }),
    // A member of the organisation but not its lead; a member elsewhere finds no such member in theirs.
    expect: signedIn(404, { restaurant: 200, staff: 403, driver: 404 }),
  },
  {
    route: 'DELETE /organisations/mine/members/:userId',
    request: async (w) => ({ method: 'DELETE', path: `/organisations/mine/members/${await w.staffMember()}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, driver: 404 }),
  },
  {
    route: 'PUT /organisations/mine/owner',
    request: async (w) => ({ method: 'PUT', path: '/organisations/mine/owner', body: { userId: await w.staffMember() } }),
    expect: signedIn(404, { restaurant: 200, staff: 403, driver: 404 }),
  },
  // ---- Calendar feeds (issue 47.5): an address of one's own for every member, drivers and staff included; the feed
  // itself is read with its address alone, whoever holds it (it lists `charity`'s given donations, by name, no e-mail).
  { route: 'POST /calendar/token', request: () => ({ method: 'POST', path: '/calendar/token' }), expect: signedIn(403, members(201)) },
  { route: 'GET /calendar/:token.ics', request: async (w) => get(await w.calendarFeed()), expect: everyone(200) },
  {
    route: 'GET /calendar/:token.ics',
    variant: 'an address nobody has',
    request: () => get(`/calendar/${randomBytes(32).toString('base64url')}.ics`),
    expect: everyone(404),
  },
  { route: 'GET /me/charity-preferences', request: () => get('/me/charity-preferences'), expect: signedIn(403, { charity: 200, otherCharity: 200 }) },
  {
    route: 'PUT /me/charity-preferences',
    request: () => ({ method: 'PUT', path: '/me/charity-preferences', body: { notifyFoodTypes: ['Bakery'] } }),
    expect: signedIn(403, { charity: 200, otherCharity: 200 }),
  },
  { route: 'POST /sync/stream-ticket', request: () => ({ method: 'POST', path: '/sync/stream-ticket' }), expect: signedIn(201) },
  {
    // How EventSource opens it: the caller's ticket in the address, no header (signed out: no ticket to send).
    route: 'GET /sync/:collection/pull/stream',
    variant: 'donation-requests, with a stream ticket',
    request: async (w, caller) => {
      const account = me(w, caller);
      if (!account) return get('/sync/donation-requests/pull/stream');
      const res = await w.t.post<{ ticket: string }>('/sync/stream-ticket', undefined, account.token);
      return get(`/sync/donation-requests/pull/stream?ticket=${encodeURIComponent(res.body.ticket)}`);
    },
    expect: signedIn(200, { user: 403 }),
    stream: true,
    credentialsInUrl: true,
  },
  {
    // Addresses land in proxy logs: a token there is refused, whoever's it is.
    route: 'GET /sync/:collection/pull/stream',
    variant: 'donations, with the ID token in the address',
    request: (w, caller) => get(`/sync/donations/pull/stream?token=${me(w, caller)?.token ?? ''}`),
    expect: everyone(401),
    stream: true,
    credentialsInUrl: true,
  },
  // ---- Regular donations and standing pickups (issue 47, ADR 020). The series is `restaurant`'s; a charity sees the
  // verified ones; what a series' restaurant does, its staff do, but end it; a standing pickup is its coordinators'.
  {
    route: 'POST /donation-series',
    request: () => ({
      method: 'POST',
      path: '/donation-series',
      body: { ...createDonationInput(), weekdays: [1, 3, 5], windowStart: '18:00', windowEnd: '20:00', timeZone: 'Europe/Berlin', startDate: '2030-06-03', keepsHours: 6 },
    }),
    expect: signedIn(403, { restaurant: 201, otherRestaurant: 201 }),
  },
  { route: 'GET /donation-series', request: () => get('/donation-series'), expect: signedIn(200, { user: 403 }) },
  {
    route: 'GET /donation-series/:id',
    variant: 'verified',
    request: async (w) => get(`/donation-series/${await w.series('Verified')}`),
    expect: signedIn(200, { user: 404, otherRestaurant: 404 }),
  },
  {
    route: 'GET /donation-series/:id',
    variant: 'pending',
    request: async (w) => get(`/donation-series/${await w.series('Pending')}`),
    expect: signedIn(404, { restaurant: 200, admin: 200 }),
  },
  {
    route: 'PATCH /donation-series/:id',
    request: async (w) => ({ method: 'PATCH', path: `/donation-series/${await w.series('Verified')}`, body: { quantity: 9 } }),
    expect: signedIn(404, { restaurant: 200, charity: 403, otherCharity: 403, admin: 403 }),
  },
  ...(['verify', 'reject'] as const).map((action) => ({
    route: `PATCH /donation-series/${action}/:id`,
    request: async (w: World) => ({ method: 'PATCH' as const, path: `/donation-series/${action}/${await w.series('Pending')}` }),
    expect: signedIn(403, { admin: 200 }),
  })),
  {
    route: 'POST /donation-series/:id/skip',
    request: async (w) => ({ method: 'POST', path: `/donation-series/${await w.series('Verified')}/skip`, body: { date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) } }),
    expect: signedIn(404, { restaurant: 200, charity: 403, otherCharity: 403, admin: 403 }),
  },
  {
    route: 'DELETE /donation-series/:id',
    request: async (w) => ({ method: 'DELETE', path: `/donation-series/${await w.series('Verified')}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, charity: 403, otherCharity: 403, admin: 403 }),
  },
  {
    route: 'POST /donation-series/:id/requests',
    request: async (w) => ({ method: 'POST', path: `/donation-series/${await w.series('Verified')}/requests`, body: { requestDescription: 'Every evening with our van' } }),
    expect: signedIn(403, { charity: 201, driver: 403, otherCharity: 201 }),
  },
  {
    route: 'GET /series-requests',
    request: async (w) => (await w.seriesRequest('Pending'), get('/series-requests')),
    expect: signedIn(200, { user: 403 }),
  },
  {
    route: 'PATCH /series-requests/accept/:id',
    request: async (w) => ({ method: 'PATCH', path: `/series-requests/accept/${await w.seriesRequest('Pending')}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, charity: 403, admin: 403 }),
  },
  {
    route: 'PATCH /series-requests/decline/:id',
    request: async (w) => ({ method: 'PATCH', path: `/series-requests/decline/${await w.seriesRequest('Pending')}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, charity: 403, admin: 403 }),
  },
  {
    route: 'DELETE /series-requests/:id',
    request: async (w) => ({ method: 'DELETE', path: `/series-requests/${await w.seriesRequest('Accepted')}` }),
    expect: signedIn(404, { restaurant: 200, staff: 403, charity: 200, driver: 403, admin: 403 }),
  },
  // ---- Proof-of-pickup photos (issue 49.3): added by the charity the pickup was given to (any member), read by its
  // restaurant's members, that charity and admins; the photo itself by whoever holds its signed address, until it expires.
  {
    route: 'PATCH /donations/pickup/:donationId/photos/:photoId',
    request: async (w) => {
      const bytes = await png();
      return {
        method: 'PATCH',
        path: `/donations/pickup/${await w.donation('Accepted')}/photos/${randomUUID()}`,
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'upload-length': String(bytes.length) },
      };
    },
    expect: signedIn(403, { charity: 201, driver: 201 }),
  },
  {
    route: 'GET /donations/pickup/:donationId/photos/:photoId',
    request: async (w) => get(`/donations/pickup/${await w.donation('Accepted')}/photos/${await w.photoUpload()}`),
    expect: signedIn(403, { charity: 200 }),
  },
  {
    route: 'GET /donations/:donationId/pickup-photos',
    variant: 'Picked donation',
    request: async (w) => (await w.pickupPhoto(), get(`/donations/${await w.donation('Picked')}/pickup-photos`)),
    expect: signedIn(403, { restaurant: 200, charity: 200, admin: 200 }),
  },
  {
    route: 'GET /donations/:donationId/pickup-photos',
    variant: 'Pending donation',
    request: async (w) => get(`/donations/${await w.donation('Pending')}/pickup-photos`),
    expect: signedIn(404),
  },
  { route: 'GET /pickup-photos/:photoId', request: async (w) => get(await w.pickupPhotoPath()), expect: everyone(200) },
  {
    route: 'GET /pickup-photos/:photoId',
    variant: 'a signature for another photo',
    request: async (w) => get((await w.pickupPhotoPath()).replace(/\/pickup-photos\/[^?]+/, `/pickup-photos/${randomUUID()}`)),
    expect: everyone(403),
  },
  // ---- Messages (issue 48): a request's conversation is its restaurant's and its charity's (their members), and
  // admins'; to anyone else it does not exist.
  {
    route: 'GET /donation-requests/:id/messages',
    request: async (w) => (await w.message(), get(`/donation-requests/${await w.request()}/messages`)),
    expect: signedIn(404, { restaurant: 200, charity: 200, admin: 200 }),
  },
  {
    route: 'POST /donation-requests/:id/messages',
    request: async (w) => ({ method: 'POST', path: `/donation-requests/${await w.request()}/messages`, body: { body: 'Running ten minutes late' } }),
    expect: signedIn(404, { restaurant: 201, charity: 201, admin: 201 }),
  },
  {
    route: 'POST /donation-requests/:id/messages/read',
    request: async (w) => ({ method: 'POST', path: `/donation-requests/${await w.request()}/messages/read` }),
    expect: signedIn(404, { restaurant: 200, charity: 200, admin: 200 }),
  },
  {
    route: 'PUT /donation-requests/:id/messages/mute',
    request: async (w) => ({ method: 'PUT', path: `/donation-requests/${await w.request()}/messages/mute`, body: { muted: true } }),
    expect: signedIn(404, { restaurant: 200, charity: 200, admin: 200 }),
  },
  {
    route: 'DELETE /messages/:id',
    request: async (w) => ({ method: 'DELETE', path: `/messages/${await w.message()}` }),
    // Its author (the charity's founder) within minutes, or an admin; the other members of either side read it only.
    expect: signedIn(404, { restaurant: 403, charity: 200, driver: 403, admin: 200 }),
  },
];
