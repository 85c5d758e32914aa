import { randomBytes, randomUUID } from 'node:crypto';
import {
  CHARITY_ROLE_FEE_CENTS,
  CHARITY_ROLE_FEE_CURRENCY,
  DONATION_GIVEN,
  type DonationStatus,
  type FoodType,
  type QuantityUnit,
  type Role,
} from '@foodbridge/shared';
import { hashPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { insertCharityRequest } from '../db/charity-requests.ts';
import { lockForTransaction, type Sql, type TxSql } from '../db/connection.ts';
import { insertDonationRequest } from '../db/donation-requests.ts';
import { DRIVER, insertDonation } from '../db/donations.ts';
import { insertFavorite } from '../db/favorites.ts';
import { insertImage } from '../db/images.ts';
import { addMember } from '../db/organisations.ts';
import { recordPaymentIntent } from '../db/payments.ts';
import { insertReview } from '../db/reviews.ts';
import { hasAnyUser, hasLiveUserWithEmail, insertUser } from '../db/users.ts';
import { avatarSvg, donationSvg, renderAvatar, renderDonationImage, type RenderedImage } from './seed-images.ts';

export const DEMO_PASSWORD = 'foodbridge123';

type AccountKey = 'admin' | 'restaurant' | 'bistro' | 'charity' | 'driver' | 'user';

interface DemoAccount {
  key: AccountKey;
  email: string;
  name: string;
  role: Role;
  address: string;
  phone: string;
  mission?: string;
  /** A member of the demo charity in this role, rather than an organisation's founder (ADR 018). */
  memberOfCharity?: 'driver';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'admin', email: 'admin@foodbridge.test', name: 'Alex Morgan', role: 'admin', address: '1 Civic Plaza, Springfield', phone: '+1 555 0100' },
  { key: 'restaurant', email: 'restaurant@foodbridge.test', name: 'Green Table Kitchen', role: 'restaurant', address: '12 Market Street, Springfield', phone: '+1 555 0111' },
  { key: 'bistro', email: 'bistro@foodbridge.test', name: 'Corner Bistro', role: 'restaurant', address: '48 Elm Avenue, Springfield', phone: '+1 555 0122' },
  {
    key: 'charity',
    email: 'charity@foodbridge.test',
    name: 'Hope Community Pantry',
    role: 'charity',
    address: '7 Harbor Road, Springfield',
    phone: '+1 555 0133',
    mission: 'We turn surplus food into warm meals and grocery bags for 200 families in Springfield every week.',
  },
  {
    key: 'driver',
    email: 'driver@foodbridge.test',
    name: 'Jordan Lee',
    role: 'charity',
    memberOfCharity: 'driver',
    address: '19 Mill Street, Springfield',
    phone: '+1 555 0155',
  },
  { key: 'user', email: 'user@foodbridge.test', name: 'Sam Rivera', role: 'user', address: '230 Oak Lane, Springfield', phone: '+1 555 0144' },
];

interface DemoDonation {
  by: 'restaurant' | 'bistro';
  title: string;
  foodType: FoodType;
  quantity: number;
  unit: QuantityUnit;
  pickupTime: string;
  status: DonationStatus;
  /** Hours before seeding that the restaurant posted it. */
  ageHours: number;
  /** A Pending request from the charity (Verified donations only). */
  requested?: { description: string; time: string };
  /** The demo charity's driver has it (Assigned) or collected it (Picked). */
  driver?: true;
  review?: string;
}

const CHARITY_ASSIGNMENT = 'charity';
/** Any fixed number: two servers seeding one Postgres at once take turns on it. */
const SEED_LOCK_KEY = 7415;

const DONATIONS: readonly DemoDonation[] = [
  {
    by: 'restaurant',
    title: 'Sourdough loaves and baguettes',
    foodType: 'Bakery',
    quantity: 6,
    unit: 'kg',
    pickupTime: 'Weekdays 20:00-21:30',
    status: 'Verified',
    ageHours: 5,
  },
  {
    by: 'restaurant',
    title: 'Roasted vegetable lasagne trays',
    foodType: 'Cooked Meal',
    quantity: 24,
    unit: 'portions',
    pickupTime: 'Friday 18:00-19:00',
    status: 'Verified',
    ageHours: 9,
    requested: { description: 'Our Friday shelter dinner serves 60 guests; these trays would cover the main course.', time: '18:15' },
  },
  {
    by: 'restaurant',
    title: 'Seasonal vegetable box: carrots, kale and squash',
    foodType: 'Produce',
    quantity: 15,
    unit: 'kg',
    pickupTime: 'Mon-Sat 08:00-10:00',
    status: 'Verified',
    ageHours: 20,
  },
  {
    by: 'bistro',
    title: 'Unopened cereal boxes and granola bars',
    foodType: 'Packaged Goods',
    quantity: 9,
    unit: 'kg',
    pickupTime: 'Any day 14:00-17:00',
    status: 'Verified',
    ageHours: 26,
  },
  {
    by: 'bistro',
    title: 'Fresh apples and pears',
    foodType: 'Produce',
    quantity: 20,
    unit: 'kg',
    pickupTime: 'Tuesday 09:00-11:00',
    status: 'Verified',
    ageHours: 30,
    requested: { description: 'Fruit for the school breakfast bags we hand out on Wednesdays.', time: '09:30' },
  },
  {
    by: 'bistro',
    title: 'Pasta primavera trays',
    foodType: 'Cooked Meal',
    quantity: 16,
    unit: 'portions',
    pickupTime: 'Thursday 19:30-20:30',
    status: 'Verified',
    ageHours: 40,
  },
  {
    by: 'restaurant',
    title: 'Canned tomatoes and dry pasta',
    foodType: 'Packaged Goods',
    quantity: 12,
    unit: 'kg',
    pickupTime: 'Weekdays 15:00-17:00',
    status: 'Pending',
    ageHours: 2,
  },
  {
    by: 'bistro',
    title: 'Rice, lentils and canned beans',
    foodType: 'Packaged Goods',
    quantity: 18,
    unit: 'kg',
    pickupTime: 'Saturday 10:00-12:00',
    status: 'Pending',
    ageHours: 3,
  },
  {
    by: 'restaurant',
    title: 'Mixed salad greens',
    foodType: 'Produce',
    quantity: 3,
    unit: 'kg',
    pickupTime: 'Today only, 16:00-17:00',
    status: 'Rejected',
    ageHours: 60,
  },
  {
    by: 'restaurant',
    title: 'Chickpea curry with rice',
    foodType: 'Cooked Meal',
    quantity: 30,
    unit: 'portions',
    pickupTime: 'Wednesday 18:00-19:30',
    status: 'Accepted',
    ageHours: 50,
  },
  {
    by: 'bistro',
    title: 'Chicken and vegetable soup',
    foodType: 'Cooked Meal',
    quantity: 40,
    unit: 'portions',
    pickupTime: 'Thursday 17:00-18:00',
    status: 'Assigned',
    ageHours: 72,
    driver: true,
  },
  {
    by: 'restaurant',
    title: 'Day-old croissants and muffins',
    foodType: 'Bakery',
    quantity: 4,
    unit: 'kg',
    pickupTime: 'Daily 07:00-08:00',
    status: 'Picked',
    ageHours: 120,
    driver: true,
    review: 'Everything was fresh and well packed. The croissants made Saturday breakfast for 45 people. Thank you!',
  },
  {
    by: 'bistro',
    title: 'Whole-grain sandwich bread',
    foodType: 'Bakery',
    quantity: 5,
    unit: 'kg',
    pickupTime: 'Monday 21:00-22:00',
    status: 'Picked',
    ageHours: 150,
    review: 'Ready on time and clearly labelled. It became 80 sandwiches for our outreach van.',
  },
];

const REVIEWS: readonly { by: 'charity' | 'user'; donation: string; rating: number; text: string }[] = [
  { by: 'charity', donation: 'Day-old croissants and muffins', rating: 5, text: 'Still soft the next morning; the kids loved them.' },
  { by: 'charity', donation: 'Whole-grain sandwich bread', rating: 4, text: 'Great bread. A little more notice before pickup would help our volunteers.' },
  { by: 'user', donation: 'Sourdough loaves and baguettes', rating: 5, text: 'Lovely to see good bread going to people instead of the bin.' },
  { by: 'user', donation: 'Unopened cereal boxes and granola bars', rating: 4, text: 'Useful staples, well within their dates.' },
];

const FAVORITES: readonly { by: 'charity' | 'user'; donation: string }[] = [
  { by: 'user', donation: 'Sourdough loaves and baguettes' },
  { by: 'user', donation: 'Seasonal vegetable box: carrots, kale and squash' },
  { by: 'charity', donation: 'Fresh apples and pears' },
];

export interface SeedResult {
  accounts: { email: string; role: Role }[];
  password: string;
  donations: number;
  images: number;
}

export type SeedMode = Config['SEED_DEMO_DATA'];

/**
 * What SEED_DEMO_DATA means for this database. 'auto' (default) seeds the embedded database when it has no user at
 * all, and never a real Postgres (DATABASE_URL), whose empty state is more likely a new deployment than a demo:
 * the demo accounts' password is in the README. 'always' also seeds a database with users of its own (Postgres
 * included) as long as no demo account exists yet; 'never' never.
 */
export function demoSeedMode(config: Pick<Config, 'SEED_DEMO_DATA' | 'DATABASE_URL'>): SeedMode {
  return config.SEED_DEMO_DATA === 'auto' && config.DATABASE_URL ? 'never' : config.SEED_DEMO_DATA;
}

/** Called at every start: seeds demo data as {@link demoSeedMode} says. */
export async function seedIfEmpty(
  sql: Sql,
  config: Pick<Config, 'SEED_DEMO_DATA' | 'DATABASE_URL'>,
  opts: { log?: (text: string) => void } = {},
): Promise<SeedResult | undefined> {
  const result = await seedDemoData(sql, demoSeedMode(config));
  if (result) (opts.log ?? console.log)(accountsBox(result));
  return result;
}

/** Every picture the demo seed stores, as drawn: `npm run build` rasterises them ahead (seed-images.ts). */
export const demoPictureSvgs = (): string[] => [
  ...DEMO_ACCOUNTS.map((a, i) => avatarSvg(a.role, i)),
  ...DONATIONS.map((d, i) => donationSvg(d.foodType, i)),
];

/** Whether a live demo account (admin@foodbridge.test, ...) exists: anyone who read the README can sign in as it. */
export function hasDemoAccounts(sql: Sql | TxSql): Promise<boolean> {
  return hasLiveUserWithEmail(sql, DEMO_ACCOUNTS.map((a) => a.email));
}

async function shouldSeed(sql: Sql | TxSql, mode: SeedMode): Promise<boolean> {
  if (mode === 'never') return false;
  if (mode === 'auto') return !(await hasAnyUser(sql));
  return !(await hasDemoAccounts(sql));
}

/** Seeds in one transaction; returns undefined when `mode` says this database is not to be seeded. */
export async function seedDemoData(sql: Sql, mode: SeedMode): Promise<SeedResult | undefined> {
  // Cheap check first, so an ordinary restart does not pay for password hashing and image rendering.
  if (!(await shouldSeed(sql, mode))) return undefined;

  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  const avatars = await Promise.all(DEMO_ACCOUNTS.map((a, i) => renderAvatar(a.role, i)));
  const pictures = await Promise.all(DONATIONS.map((d, i) => renderDonationImage(d.foodType, i)));

  return sql.begin(async (tx) => {
    // Two instances starting together on one Postgres: the second waits here, then sees the first one's rows.
    await lockForTransaction(tx, SEED_LOCK_KEY);
    if (!(await shouldSeed(tx, mode))) return undefined;
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * 3_600_000);

    const users = new Map<AccountKey, { id: string; account: DemoAccount }>();
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const id = randomUUID();
      const imageId = randomUUID();
      users.set(account.key, { id, account });
      const createdAt = ago(24 * 30 - i);
      await insertUser(tx, {
        id,
        email: account.email,
        name: account.name,
        photoURL: `/images/${imageId}`,
        // A member joins as a plain account (a charity account would found an organisation of its own).
        role: account.memberOfCharity ? 'user' : account.role,
        mission: account.mission,
        address: account.address,
        phone: account.phone,
        passwordHash: hashes[i]!,
        createdAt,
        lastLogin: null,
        // The demo's addresses are not real mailboxes; the accounts are meant to work as they are.
        emailVerified: true,
      });
      await storeImage(tx, imageId, id, avatars[i]!, createdAt);
      if (account.memberOfCharity) await addMember(tx, { id: users.get('charity')!.id, kind: 'charity' }, id, account.memberOfCharity);
    }
    const user = (key: AccountKey) => users.get(key)!;
    const charity = user('charity');
    const driver = user('driver');
    const charityRef = { id: charity.id, name: charity.account.name, email: charity.account.email };

    const donationIds = new Map<string, string>();
    for (const [i, d] of DONATIONS.entries()) {
      const id = randomUUID();
      const imageId = randomUUID();
      const owner = user(d.by);
      const created = ago(d.ageHours);
      donationIds.set(d.title, id);
      await storeImage(tx, imageId, owner.id, pictures[i]!, created);
      const taken = DONATION_GIVEN.includes(d.status);
      const assigned = d.driver
        ? { name: driver.account.name, type: DRIVER }
        : taken ? { name: charity.account.name, type: CHARITY_ASSIGNMENT } : undefined;
      await insertDonation(tx, {
        id,
        title: d.title,
        foodType: d.foodType,
        quantity: d.quantity,
        unit: d.unit,
        pickupTime: d.pickupTime,
        location: `${owner.account.name}, ${owner.account.address}`,
        image: `/images/${imageId}`,
        restaurantId: owner.id,
        restaurantName: owner.account.name,
        restaurantEmail: owner.account.email,
        status: d.status,
        charity: taken ? charityRef : undefined,
        assignedTo: assigned?.name,
        assignedType: assigned?.type,
        assigneeId: d.driver ? driver.id : undefined,
        pickedUpBy: d.driver && d.status === 'Picked' ? driver.id : undefined,
        pickupDate: d.status === 'Picked' ? ago(d.ageHours - 20) : null,
        review: d.review,
        reviewedAt: d.review ? ago(d.ageHours - 26) : null,
        createdAt: created,
      });

      // The request that won each taken donation, and the charity's open requests on verified ones.
      const request = taken
        ? { status: 'Accepted' as const, description: 'We can collect with our own van and serve it the same evening.', time: '18:00' }
        : d.requested && { status: 'Pending' as const, description: d.requested.description, time: d.requested.time };
      if (request) {
        await insertDonationRequest(tx, {
          donationId: id,
          charityId: charity.id,
          charityName: charity.account.name,
          charityEmail: charity.account.email,
          requestDescription: request.description,
          pickupTime: request.time,
          status: request.status,
          requestDate: ago(d.ageHours - 2),
        });
      }
    }

    for (const [i, r] of REVIEWS.entries()) {
      const reviewer = user(r.by);
      await insertReview(tx, {
        donationId: donationIds.get(r.donation)!,
        reviewerId: reviewer.id,
        reviewerName: reviewer.account.name,
        reviewerEmail: reviewer.account.email,
        description: r.text,
        rating: r.rating,
        createdAt: ago(20 - i * 3),
      });
    }

    for (const [i, f] of FAVORITES.entries()) {
      const owner = user(f.by);
      await insertFavorite(tx, { donationId: donationIds.get(f.donation)!, userId: owner.id, email: owner.account.email, createdAt: ago(10 - i) });
    }

    // The charity became one through an approved (test-mode) fee; the user has a request waiting for an admin.
    await insertPaidCharityRequest(tx, charity.id, charity.account, {
      organization: charity.account.name,
      mission: charity.account.mission!,
      status: 'approved',
      at: ago(24 * 25),
    });
    const sam = user('user');
    await insertPaidCharityRequest(tx, sam.id, sam.account, {
      organization: 'Northside Youth Kitchen',
      mission: 'A volunteer kitchen cooking free after-school meals for teenagers in the Northside district.',
      status: 'pending',
      at: ago(6),
    });

    return {
      accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })),
      password: DEMO_PASSWORD,
      donations: DONATIONS.length,
      images: DEMO_ACCOUNTS.length + DONATIONS.length,
    };
  });
}

function storeImage(tx: TxSql, id: string, ownerId: string, image: RenderedImage, at: Date) {
  return insertImage(tx, { id, ownerId, type: image.contentType, width: image.width, height: image.height, bytes: image.bytes, createdAt: at });
}

async function insertPaidCharityRequest(
  tx: TxSql,
  userId: string,
  account: DemoAccount,
  r: { organization: string; mission: string; status: 'pending' | 'approved'; at: Date },
): Promise<void> {
  const paymentId = `pi_test_seed_${randomBytes(8).toString('hex')}`;
  await recordPaymentIntent(tx, {
    id: paymentId,
    userId,
    email: account.email,
    amount: CHARITY_ROLE_FEE_CENTS,
    currency: CHARITY_ROLE_FEE_CURRENCY,
    mode: 'test',
    status: 'succeeded',
    createdAt: r.at,
    usedAt: r.at,
  });
  await insertCharityRequest(tx, {
    userId,
    name: account.name,
    email: account.email,
    organization: r.organization,
    mission: r.mission,
    paymentAmount: CHARITY_ROLE_FEE_CENTS,
    paymentId,
    status: r.status,
    requestedAt: r.at,
  });
}

/** The sign-in details, framed so they stand out in the start-up log. */
export function accountsBox(result: SeedResult): string {
  const rows = [
    'FoodBridge demo data created. Sign in with any of these:',
    '',
    ...result.accounts.map((a) => `  ${a.role.padEnd(12)}${a.email}`),
    '',
    `  password    ${result.password}   (same for every account)`,
  ];
  const width = Math.max(...rows.map((r) => r.length)) + 2;
  return [
    `┌${'─'.repeat(width)}┐`,
    ...rows.map((r) => `│ ${r.padEnd(width - 1)}│`),
    `└${'─'.repeat(width)}┘`,
  ].join('\n');
}
