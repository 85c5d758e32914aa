import { DONATION_GIVEN, type Allergen, type DietaryTag, type Donation, type PickupReport, type DonationStatus, type FoodType, type PickupItem, type QuantityUnit, type StorageKind } from '@foodbridge/shared';
import { EARTH_DIAMETER_KM } from '@foodbridge/shared/geo';
import { isoAtOffset, offsetMinutesOf } from '@foodbridge/shared/pickup-window';
import { searchFold } from '@foodbridge/shared/search';
import type { Sql, TxSql } from './connection.ts';
import { compact, iso, isoRequired } from './map.ts';
import { afterCursor, type PageQuery } from './pages.ts';

export interface DonationRow {
  id: string;
  title: string;
  food_type: FoodType;
  /** numeric comes back from postgres.js as a string. */
  quantity: string | number;
  unit: QuantityUnit;
  pickup_time: string;
  location: string;
  image: string;
  restaurant_id: string;
  restaurant_name: string;
  restaurant_email: string;
  status: DonationStatus;
  charity_id: string | null;
  charity_name: string | null;
  charity_email: string | null;
  assigned_to: string | null;
  assigned_type: string | null;
  /** The charity's member who has the pickup (migration 035), while it is Assigned. */
  assignee_id: string | null;
  /** The member who confirmed the pickup. */
  picked_up_by: string | null;
  pickup_date: Date | null;
  review: string | null;
  reviewed_at: Date | null;
  reverify_reason: string | null;
  best_before: Date | null;
  /** The pickup window (migration 036) and the offset from UTC, in minutes, it was written in. */
  pickup_start: Date | null;
  pickup_end: Date | null;
  pickup_offset_minutes: number | null;
  /** The regular donation that wrote it (migration 037), if one did. */
  series_id: string | null;
  pickup_weight_kg: string | number | null;
  /** Food safety (migration 040): allergens null when not said, [] when none; jsonb comes back parsed. */
  allergens: Allergen[] | null;
  dietary: DietaryTag[] | null;
  storage: StorageKind | null;
  restaurant_note: string | null;
  pickup_outcome: 'all' | 'part' | 'none' | null;
  /** double precision comes back as a number. */
  latitude: number | null;
  longitude: number | null;
  created_at: Date;
  updated_at: Date;
  deleted: boolean;
}

/**
 * `charityEmailShown`: whether the viewer may read the charity's e-mail (`canSeeCharityEmail`); `assigneeIdShown`,
 * whether the viewer is one of the charity's members (`isCharityMember`), who alone are told which account has it.
 */
export function toDonation(r: DonationRow, charityEmailShown: boolean, assigneeIdShown = false): Donation {
  return compact({
    _id: r.id,
    title: r.title,
    foodType: r.food_type,
    quantity: Number(r.quantity),
    unit: r.unit,
    pickupTime: r.pickup_time,
    location: r.location,
    image: r.image,
    restaurantName: r.restaurant_name,
    restaurantEmail: r.restaurant_email,
    status: r.status,
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
    charityName: r.charity_name,
    charityEmail: charityEmailShown ? r.charity_email : null,
    assignedTo: r.assigned_to,
    assignedType: r.assigned_type,
    assigneeName: r.assigned_type === DRIVER ? r.assigned_to : null,
    assigneeId: assigneeIdShown && r.assigned_type === DRIVER ? r.assignee_id : null,
    pickupDate: iso(r.pickup_date),
    review: r.review,
    reviewedAt: iso(r.reviewed_at),
    reverifyReason: r.reverify_reason,
    bestBefore: iso(r.best_before),
    latitude: r.latitude,
    longitude: r.longitude,
    pickupStart: r.pickup_start ? isoAtOffset(r.pickup_start, r.pickup_offset_minutes ?? 0) : null,
    pickupEnd: r.pickup_end ? isoAtOffset(r.pickup_end, r.pickup_offset_minutes ?? 0) : null,
    seriesId: r.series_id ?? null,
    allergens: r.allergens,
    dietary: r.dietary?.length ? r.dietary : null,
    storage: r.storage,
    restaurantNote: r.restaurant_note,
  }) as Donation;
}

export function toPickupItem(r: DonationRow, charityEmailShown: boolean, assigneeIdShown = false): PickupItem {
  return { ...toDonation(r, charityEmailShown, assigneeIdShown), donationTitle: r.title };
}

/** The charity a donation was given to, as the donation row keeps it. */
export interface DonationCharity {
  id: string;
  name: string;
  email: string;
}

/**
 * A restaurant's new donation is Pending and given to no one. The rest (id, a later status, its charity and
 * pickup, review, dates, deletion) is set only by the demo seed and test fixtures, which build rows in any state.
 */
export interface NewDonation {
  title: string;
  foodType: FoodType;
  quantity: number;
  unit: QuantityUnit;
  pickupTime: string;
  location: string;
  image: string;
  restaurantId: string;
  restaurantName: string;
  restaurantEmail: string;
  id?: string;
  status?: DonationStatus;
  charity?: DonationCharity | undefined;
  assignedTo?: string | undefined;
  assignedType?: string | undefined;
  /** The charity's member who has the pickup (ADR 018), and who confirmed it. */
  assigneeId?: string | undefined;
  pickedUpBy?: string | undefined;
  pickupDate?: Date | null;
  review?: string | undefined;
  reviewedAt?: Date | null;
  createdAt?: Date;
  deleted?: boolean;
  bestBefore?: string | Date | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  /** ISO times with their offset, both or neither. */
  pickupStart?: string | undefined;
  pickupEnd?: string | undefined;
  allergens?: readonly Allergen[] | undefined;
  dietary?: readonly DietaryTag[] | undefined;
  storage?: StorageKind | undefined;
  restaurantNote?: string | undefined;
}

export async function insertDonation(sql: Sql | TxSql, d: NewDonation): Promise<DonationRow> {
  const [row] = await sql<DonationRow[]>`
    INSERT INTO donations (id, title, food_type, quantity, unit, pickup_time, location, image,
                           restaurant_id, restaurant_name, restaurant_email, status, charity_id, charity_name,
                           charity_email, assigned_to, assigned_type, assignee_id, picked_up_by, pickup_date, review,
                           reviewed_at, created_at, deleted, best_before, latitude, longitude, pickup_start, pickup_end,
                           pickup_offset_minutes, allergens, dietary, storage, restaurant_note)
    VALUES (${d.id ?? sql`DEFAULT`}, ${d.title}, ${d.foodType}, ${d.quantity}, ${d.unit}, ${d.pickupTime}, ${d.location},
            ${d.image}, ${d.restaurantId}, ${d.restaurantName}, ${d.restaurantEmail}, ${d.status ?? 'Pending'},
            ${d.charity?.id ?? null}, ${d.charity?.name ?? null}, ${d.charity?.email ?? null}, ${d.assignedTo ?? null},
            ${d.assignedType ?? null}, ${d.assigneeId ?? null}, ${d.pickedUpBy ?? null}, ${d.pickupDate ?? null},
            ${d.review ?? null}, ${d.reviewedAt ?? null},
            ${d.createdAt ?? sql`DEFAULT`}, ${d.deleted ?? false},
            ${d.bestBefore ?? null}, ${d.latitude ?? null}, ${d.longitude ?? null}, ${d.pickupStart ?? null},
            ${d.pickupEnd ?? null}, ${d.pickupStart ? offsetMinutesOf(d.pickupStart) : null},
            ${d.allergens ? sql.json([...d.allergens]) : null}, ${d.dietary?.length ? sql.json([...d.dietary]) : null}, ${d.storage ?? null},
            ${d.restaurantNote || null})
    RETURNING *`;
  return row!;
}

/** Many Verified donations of one restaurant in multi-row statements: city-sized data for benchmarks and tests. */
export async function insertVerifiedDonations(
  sql: Sql | TxSql,
  rows: readonly Omit<NewDonation, 'status' | 'charity' | 'id'>[],
): Promise<void> {
  // Postgres takes at most 65,535 parameters per statement; 13 columns a row.
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((d) => ({
      title: d.title,
      food_type: d.foodType,
      quantity: d.quantity,
      unit: d.unit,
      pickup_time: d.pickupTime,
      location: d.location,
      image: d.image,
      restaurant_id: d.restaurantId,
      restaurant_name: d.restaurantName,
      restaurant_email: d.restaurantEmail,
      status: 'Verified',
    }));
    await sql`INSERT INTO donations ${sql(chunk)}`;
  }
}

export type DonationSort = { by: 'newest' } | { by: 'bestBefore' } | { by: 'pickupStart' } | { by: 'distance'; near: { lat: number; lng: number } };

export interface DonationFilters {
  status?: DonationStatus | undefined;
  /** Words that the title, restaurant or location must contain. */
  q?: string | undefined;
  foodType?: FoodType | undefined;
  /** Newest first (the spec's order) unless said otherwise. */
  sort?: DonationSort | undefined;
  /** Only those whose pickup window overlaps this time (a day): from inclusive, to exclusive. */
  pickup?: { from: Date; to: Date } | undefined;
  /** Only those with every one of these tags; only those said to hold none of these allergens. */
  dietary?: readonly DietaryTag[] | undefined;
  freeFrom?: readonly Allergen[] | undefined;
}

/**
 * A list's order as a key and its direction; rows without a best-before time or a place come last. The keyset cursor
 * compares the same key of the cursor's row, so pages stay stable while rows are added.
 */
function orderOf(sql: Sql, sort: DonationSort, alias: string) {
  const col = (name: string) => sql`${sql(alias)}.${sql(name)}`;
  switch (sort.by) {
    case 'newest':
      return { key: col('created_at'), direction: 'desc' as const };
    case 'bestBefore':
      return { key: sql`COALESCE(${col('best_before')}, 'infinity'::timestamptz)`, direction: 'asc' as const };
    case 'pickupStart':
      return { key: sql`COALESCE(${col('pickup_start')}, 'infinity'::timestamptz)`, direction: 'asc' as const };
    case 'distance': {
      // Kilometres on a sphere (haversine): exact enough to rank pickups within a city, and no extension needed.
      const { lat, lng } = sort.near;
      return {
        key: sql`COALESCE(12742 * asin(sqrt(
            power(sin(radians(${col('latitude')} - ${lat}::float8) / 2), 2)
            + cos(radians(${lat}::float8)) * cos(radians(${col('latitude')}))
              * power(sin(radians(${col('longitude')} - ${lng}::float8) / 2), 2))), 'Infinity'::float8)`,
        direction: 'asc' as const,
      };
    }
  }
}

/**
 * Live donations, one page, newest first unless `filters.sort` says otherwise. `scope` decides what the caller may
 * see: everything (admin), a restaurant's own plus the Verified ones, or the Verified ones only. `status` narrows
 * further, never widens. Returns up to `page.limit + 1` rows: the extra one only says that another page follows (see
 * `pageOf`).
 */
export async function listDonations(
  sql: Sql,
  scope: { kind: 'all' } | { kind: 'restaurant'; restaurantId: string } | { kind: 'verified' },
  page: PageQuery,
  filters: DonationFilters = {},
): Promise<DonationRow[]> {
  // A Verified donation past its best-before time is off every public list; its restaurant and admins still list it.
  // Written as the soonest-first order's key (a donation without one never expires), so that order's index (migration
  // 024) starts at the first donation still good.
  const onOffer = sql`status = 'Verified' AND COALESCE(best_before, 'infinity'::timestamptz) > now()`;
  const visible =
    scope.kind === 'all'
      ? sql`true`
      : scope.kind === 'restaurant'
        ? sql`(restaurant_id = ${scope.restaurantId} OR (${onOffer}))`
        : onOffer;
  const byStatus = filters.status ? sql`status = ${filters.status}` : sql`true`;
  const byType = sql`${filters.foodType ? sql`food_type = ${filters.foodType}` : sql`true`} AND ${
    filters.dietary?.length ? sql`dietary @> ${sql.json([...filters.dietary])}::jsonb` : sql`true`
  } AND ${filters.freeFrom?.length ? sql`allergens IS NOT NULL AND NOT allergens ?| ${sql`ARRAY(SELECT jsonb_array_elements_text(${sql.json([...filters.freeFrom])}::jsonb))`}` : sql`true`}`;
  const byPickup = filters.pickup ? sql`pickup_start < ${filters.pickup.to} AND pickup_end > ${filters.pickup.from}` : sql`true`;
  const words = filters.q ? searchFold(filters.q).split(/\s+/).filter(Boolean).slice(0, 8) : [];
  const bySearch = words.length
    ? words.map((w) => sql`search_text LIKE ${'%' + w.replace(/[\\%_]/g, '\\$&') + '%'}`).reduce((a, b) => sql`${a} AND ${b}`)
    : sql`true`;
  const sort = filters.sort ?? { by: 'newest' };
  if (sort.by === 'newest') {
    return sql<DonationRow[]>`
      SELECT * FROM donations d
      WHERE NOT deleted AND ${visible} AND ${byStatus} AND ${byType} AND ${bySearch} AND ${byPickup}
        AND ${afterCursor(sql, 'donations', 'd', page.after)}
      ORDER BY created_at DESC, id DESC
      LIMIT ${page.limit + 1}`;
  }
  const order = orderOf(sql, sort, 'd');
  const cursorOrder = orderOf(sql, sort, 'c');
  const after = page.after
    ? sql`(${order.key}, d.id) > (SELECT ${cursorOrder.key}, c.id FROM donations c WHERE c.id = ${page.after})`
    : sql`true`;
  const matching = (seen: SqlFragment) => sql`NOT deleted AND ${seen} AND ${byStatus} AND ${byType} AND ${bySearch} AND ${byPickup} AND ${after}`;
  if (sort.by === 'distance') {
    // An admin sees every live donation, all in one index of places (029's on the sphere; 028's without cube).
    if (scope.kind === 'all') return nearestPage(sql, sort.near, order.key, page.limit, matching(visible));
    // The Verified ones' index of places (029's; 026's without cube) holds what is on offer; a restaurant's own
    // donations that are not are few, and ordered whole.
    const offered = await nearestPage(sql, sort.near, order.key, page.limit, matching(onOffer));
    if (scope.kind === 'verified') return offered;
    const own = await sql<NearestRow[]>`
      SELECT d.*, ${order.key} AS dist FROM donations d
      WHERE ${matching(sql`restaurant_id = ${scope.restaurantId} AND NOT (${onOffer})`)}
      ORDER BY ${order.key} ASC, d.id ASC
      LIMIT ${page.limit + 1}`;
    return mergeNearest(offered, own).slice(0, page.limit + 1);
  }
  return sql<DonationRow[]>`
    SELECT * FROM donations d
    WHERE ${matching(visible)}
    ORDER BY ${order.key} ASC, d.id ASC
    LIMIT ${page.limit + 1}`;
}

type NearestRow = DonationRow & { dist: number };

/** The nearest order: by distance, then by id (uuid order is the order of its lower-case text). */
const nearestFirst = (x: NearestRow, y: NearestRow) => x.dist - y.dist || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** Two pages in the nearest order as one. */
function mergeNearest(a: NearestRow[], b: NearestRow[]): NearestRow[] {
  const out: NearestRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && nearestFirst(a[i]!, b[j]!) < 0) ? a[i++]! : b[j++]!);
  return out;
}

type SqlFragment = ReturnType<typeof orderOf>['key'];

/**
 * A page of 'Nearest' among the donations `matching` without working out every one's distance. On a database without
 * cube, an index of places (migration 026's of Verified donations, 028's of every live one) hands over the limit + 1
 * nearest on a flat map of degrees. If that is every donation with a place left, they are the page, in the exact
 * order, and the placeless follow. Otherwise the farthest of them on the sphere, r, bounds the page (at least
 * limit + 1 donations lie within r): the page is the donations within r, read from the same index in a box around the
 * point that holds the circle, in the exact order. Where migration 029's indexes are (the database has cube),
 * nearestOnSphere reads the page instead (from far away, the circle above holds the whole far city), and migration 030
 * has dropped 026 and 028's.
 */
async function nearestPage(
  sql: Sql,
  near: { lat: number; lng: number },
  distance: SqlFragment,
  limit: number,
  matching: SqlFragment,
): Promise<NearestRow[]> {
  if (await hasSphereIndexes(sql)) return nearestOnSphere(sql, near, distance, limit, matching);
  const placed = sql`d.latitude IS NOT NULL AND d.longitude IS NOT NULL`;
  const nearest = await sql<NearestRow[]>`
    SELECT * FROM (
      SELECT d.*, ${distance} AS dist FROM donations d
      WHERE ${matching} AND ${placed}
      ORDER BY point(d.longitude, d.latitude) <-> point(${near.lng}::float8, ${near.lat}::float8)
      LIMIT ${limit + 1}) nearest
    ORDER BY dist, id`;
  if (nearest.length <= limit) return withPlaceless(sql, nearest, distance, limit, matching);
  // The bound comes back through text: a hair of slack so that the farthest row is not lost to its last digit.
  const r = nearest.at(-1)!.dist * (1 + 1e-9) + 1e-9;
  const box = boxAround(near, r);
  const inBox = box
    ? sql`point(d.longitude, d.latitude) <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`
    : sql`true`;
  return sql<NearestRow[]>`
    SELECT d.*, ${distance} AS dist FROM donations d
    WHERE ${matching} AND ${placed} AND ${inBox} AND ${distance} <= ${r}::float8
    ORDER BY ${distance} ASC, d.id ASC
    LIMIT ${limit + 1}`;
}

/** Every donation with a place is in `nearest`, fewer than a page: the placeless follow, by id. */
async function withPlaceless(sql: Sql, nearest: NearestRow[], distance: SqlFragment, limit: number, matching: SqlFragment) {
  const placeless = await sql<NearestRow[]>`
    SELECT d.*, ${distance} AS dist FROM donations d
    WHERE ${matching} AND d.latitude IS NULL ORDER BY d.id LIMIT ${limit + 1 - nearest.length}`;
  return [...nearest, ...placeless];
}

/** Whether migration 029 made its indexes (the database had cube), asked once per connection pool. */
const sphereIndexes = new WeakMap<Sql, Promise<boolean>>();
function hasSphereIndexes(sql: Sql): Promise<boolean> {
  let known = sphereIndexes.get(sql);
  if (!known) {
    known = sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_indexes WHERE indexname IN ('donations_sphere', 'donations_verified_sphere')`.then(
      ([row]) => row?.n === 2,
    );
    sphereIndexes.set(sql, known);
    known.catch(() => sphereIndexes.delete(sql));
  }
  return known;
}

/** A place as a point in space on a sphere of radius 1: migration 029's expression, word for word. */
function onSphere(sql: Sql, lat: SqlFragment, lng: SqlFragment) {
  return sql`cube(ARRAY[cosd(${lat}) * cosd(${lng}), cosd(${lat}) * sind(${lng}), sind(${lat})])`;
}

/** Rows asked for beyond a page at first: donations at the page's edge sharing its farthest one's distance. */
const EDGE_ROWS = 8;

/**
 * nearestPage where migration 029's indexes are (cube): the straight line between two points of the unit sphere grows
 * with the distance along it, so that index hands the donations over nearest first, in the exact order up to rounding,
 * from wherever the viewer is. Each donation not handed over is then at least as far as the last one that was: once the
 * last is beyond the page's farthest (by more than rounding), the page is complete, ties broken by id. Otherwise,
 * donations at that distance may remain (a shared address): ask for twice as many.
 */
const nearestOnSphere: typeof nearestPage = async (sql, near, distance, limit, matching) => {
  const here = onSphere(sql, sql`${near.lat}::float8`, sql`${near.lng}::float8`);
  const there = onSphere(sql, sql`d.latitude`, sql`d.longitude`);
  for (let take = limit + 1 + EDGE_ROWS; ; take *= 2) {
    const rows = await sql<NearestRow[]>`
      SELECT d.*, ${distance} AS dist FROM donations d
      WHERE ${matching} AND d.latitude IS NOT NULL AND d.longitude IS NOT NULL
      ORDER BY ${there} <-> ${here}
      LIMIT ${take}`;
    // In the index's order, before the sort below puts the rows in the exact one.
    const last = rows.at(-1);
    const sorted = rows.sort(nearestFirst);
    if (rows.length < take) {
      return sorted.length > limit ? sorted.slice(0, limit + 1) : withPlaceless(sql, sorted, distance, limit, matching);
    }
    const edge = sorted[limit]!.dist;
    if (last!.dist > edge * (1 + 1e-9) + 1e-9) return sorted.slice(0, limit + 1);
  }
};

/**
 * The latitude and longitude range that holds every point within `km` of `p`: a path of that length stays within that
 * many degrees of latitude, and a degree of longitude is shortest at the range's edge nearest a pole. Undefined when
 * the range reaches a pole or crosses the 180th meridian (the caller then looks everywhere).
 */
function boxAround(p: { lat: number; lng: number }, km: number) {
  const deg = ((km * 2) / EARTH_DIAMETER_KM) * (180 / Math.PI);
  const north = p.lat + deg;
  const south = p.lat - deg;
  if (north >= 90 || south <= -90) return undefined;
  const lngDeg = deg / Math.cos((Math.max(Math.abs(north), Math.abs(south)) * Math.PI) / 180);
  const west = p.lng - lngDeg;
  const east = p.lng + lngDeg;
  if (west < -180 || east > 180) return undefined;
  return { south, north, west, east };
}

export async function findDonation(sql: Sql, id: string): Promise<DonationRow | undefined> {
  const [row] = await sql<DonationRow[]>`SELECT * FROM donations WHERE id = ${id} AND NOT deleted`;
  return row;
}

/** What a review or favourite needs of the donation it points at: who may see it, and what a favourite shows. */
export type LiveDonationRow = Pick<
  DonationRow,
  'id' | 'status' | 'restaurant_id' | 'charity_id' | 'title' | 'image' | 'restaurant_name' | 'location' | 'quantity' | 'unit'
>;

/** Reviews and favourites may only point at a donation that is still there. */
export async function findLiveDonationAccess(sql: Sql | TxSql, id: string): Promise<LiveDonationRow | undefined> {
  const [row] = await sql<LiveDonationRow[]>`
    SELECT id, status, restaurant_id, charity_id, title, image, restaurant_name, location, quantity, unit
    FROM donations WHERE id = ${id} AND NOT deleted`;
  return row;
}

/** Reads and locks a live donation for the rest of the transaction; concurrent writers of it wait. */
export async function lockDonation(tx: TxSql, id: string): Promise<DonationRow | undefined> {
  // Lock order: a donation before its requests (lockRequestsOfDonation), in every transaction that takes both.
  const [row] = await tx<DonationRow[]>`SELECT * FROM donations WHERE id = ${id} AND NOT deleted FOR UPDATE`;
  return row;
}

/** Like `lockDonation`, but only keeps the donation from changing (status, deletion) while a request is added. */
export async function lockDonationShared(tx: TxSql, id: string): Promise<DonationRow | undefined> {
  // Lock order: as lockDonation, the donation before any request of it (here the one inserted next).
  const [row] = await tx<DonationRow[]>`SELECT * FROM donations WHERE id = ${id} AND NOT deleted FOR SHARE`;
  return row;
}

export interface DonationFieldChanges {
  title?: string | undefined;
  foodType?: FoodType | undefined;
  quantity?: number | undefined;
  unit?: QuantityUnit | undefined;
  pickupTime?: string | undefined;
  location?: string | undefined;
  image?: string | undefined;
  bestBefore?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  /** Both or neither (the schema's rule). */
  pickupStart?: string | undefined;
  pickupEnd?: string | undefined;
  /** Food safety: a list replaces the one stored ([] says none); absent keeps it. */
  allergens?: readonly Allergen[] | undefined;
  dietary?: readonly DietaryTag[] | undefined;
  storage?: StorageKind | undefined;
  /** The note for the driver: '' removes it; absent keeps it. */
  restaurantNote?: string | undefined;
}

/** What an admin checks before a donation is public, as the admin's note names them. */
const VERIFIED_FIELDS = [
  ['title', 'title', 'title'],
  ['food_type', 'foodType', 'food type'],
  ['image', 'image', 'picture'],
  ['location', 'location', 'location'],
  ['latitude', 'latitude', 'location'],
  ['longitude', 'longitude', 'location'],
] as const;

/**
 * The note that sends a Verified donation back to Pending: the checked fields this edit really changes (quantity and
 * pickup window may change freely). Undefined when nothing checked changes or the donation is not Verified.
 */
export function reverifyReasonOf(
  row: Pick<DonationRow, 'status' | 'title' | 'food_type' | 'image' | 'location' | 'latitude' | 'longitude'>,
  f: DonationFieldChanges,
): string | undefined {
  if (row.status !== 'Verified') return undefined;
  const changed = new Set(VERIFIED_FIELDS.filter(([column, key]) => f[key] !== undefined && f[key] !== row[column]).map(([, , label]) => label));
  return changed.size ? [...changed].join(', ') : undefined;
}

/** `reverifyReason` (from `reverifyReasonOf`) also sends the donation back to Pending with that note. */
export async function updateDonationFields(
  tx: TxSql,
  id: string,
  f: DonationFieldChanges,
  reverifyReason?: string,
): Promise<DonationRow> {
  const [row] = await tx<DonationRow[]>`
    UPDATE donations SET
      status = CASE WHEN ${reverifyReason ?? null}::text IS NULL THEN status ELSE 'Pending' END,
      reverify_reason = COALESCE(${reverifyReason ?? null}::text, reverify_reason),
      title = COALESCE(${f.title ?? null}, title),
      food_type = COALESCE(${f.foodType ?? null}, food_type),
      quantity = COALESCE(${f.quantity ?? null}::numeric, quantity),
      unit = COALESCE(${f.unit ?? null}, unit),
      pickup_time = COALESCE(${f.pickupTime ?? null}, pickup_time),
      location = COALESCE(${f.location ?? null}, location),
      image = COALESCE(${f.image ?? null}, image),
      best_before = COALESCE(${f.bestBefore ?? null}::timestamptz, best_before),
      latitude = COALESCE(${f.latitude ?? null}::double precision, latitude),
      longitude = COALESCE(${f.longitude ?? null}::double precision, longitude),
      pickup_start = COALESCE(${f.pickupStart ?? null}::timestamptz, pickup_start),
      pickup_end = COALESCE(${f.pickupEnd ?? null}::timestamptz, pickup_end),
      pickup_offset_minutes = COALESCE(${f.pickupStart ? offsetMinutesOf(f.pickupStart) : null}::smallint, pickup_offset_minutes),
      allergens = ${f.allergens ? tx.json([...f.allergens]) : tx`allergens`},
      dietary = ${f.dietary ? tx.json([...f.dietary]) : tx`dietary`},
      storage = COALESCE(${f.storage ?? null}, storage),
      restaurant_note = ${f.restaurantNote === undefined ? tx`restaurant_note` : f.restaurantNote || null}
    WHERE id = ${id}
    RETURNING *`;
  return row!;
}

/**
 * Moves a Pending donation to `status` (the admin's verify or reject). Atomic on its own: returns undefined if the
 * donation is gone or no longer Pending.
 */
export async function reviewPendingDonation(
  sql: Sql | TxSql,
  id: string,
  status: 'Verified' | 'Rejected',
): Promise<{ reverify_reason: string | null } | undefined> {
  // The note was for this check; a rejected donation keeps it as the reason it was looked at again. The answer
  // carries the note as it was before this check.
  const [row] = await sql<{ reverify_reason: string | null }[]>`
    UPDATE donations d SET status = ${status},
      reverify_reason = CASE WHEN ${status}::text = 'Verified' THEN NULL ELSE d.reverify_reason END
    FROM (SELECT id, reverify_reason FROM donations WHERE id = ${id}) old
    WHERE d.id = old.id AND NOT d.deleted AND d.status = 'Pending'
    RETURNING old.reverify_reason`;
  return row;
}

/** Soft-deletes a donation and its still-Pending requests; call with the donation locked. */
export async function softDeleteDonation(tx: TxSql, id: string): Promise<number> {
  // Lock order: the donation, then its requests (as lockDonation, then lockRequestsOfDonation).
  const r = await tx`UPDATE donations SET deleted = true WHERE id = ${id} AND NOT deleted`;
  await tx`
    UPDATE donation_requests SET deleted = true
    WHERE donation_id = ${id} AND status = 'Pending' AND NOT deleted`;
  return r.count;
}

export async function markDonationAccepted(
  tx: TxSql,
  id: string,
  charity: { id: string; name: string; email: string },
): Promise<void> {
  await tx`
    UPDATE donations SET
      status = 'Accepted',
      charity_id = ${charity.id},
      charity_name = ${charity.name},
      charity_email = ${charity.email},
      assigned_to = ${charity.name},
      assigned_type = 'charity'
    WHERE id = ${id}`;
}

/** Undoes `markDonationAccepted`: the donation is Verified again, given to no one (call with it locked). */
export async function releaseDonation(tx: TxSql, id: string): Promise<void> {
  await tx`
    UPDATE donations SET
      status = 'Verified',
      charity_id = NULL,
      charity_name = NULL,
      charity_email = NULL,
      assigned_to = NULL,
      assigned_type = NULL,
      assignee_id = NULL
    WHERE id = ${id}`;
}

/** `assigned_type` of a pickup a charity's member has (the spec's Assigned to {name} (driver)). */
export const DRIVER = 'driver';

/**
 * A given pickup taken by or given to one of the charity's members (Assigned), or back to the charity as a whole
 * (Accepted) with `member` null. Call with the donation locked; the answer is the row as it is now.
 */
export async function setPickupAssignee(tx: TxSql, id: string, member: { id: string; name: string } | null): Promise<DonationRow> {
  const [row] = await tx<DonationRow[]>`
    UPDATE donations SET
      status = ${member ? 'Assigned' : 'Accepted'},
      assignee_id = ${member?.id ?? null},
      assigned_to = ${member ? member.name : tx`charity_name`},
      assigned_type = ${member ? DRIVER : 'charity'}
    WHERE id = ${id} RETURNING *`;
  return row!;
}

/** The charity collected it; `report` is what it says it took (none from the spec's clients). */
export async function markDonationPicked(tx: TxSql, id: string, report: PickupReport | undefined, by: string): Promise<DonationRow> {
  const [row] = await tx<DonationRow[]>`
    UPDATE donations SET status = 'Picked', pickup_date = now(), picked_up_by = ${by},
      pickup_weight_kg = ${report?.weightKg ?? null}, pickup_outcome = ${report?.outcome ?? null},
      pickup_reason = ${report?.reason ?? null}, pickup_note = ${report?.note ?? null},
      pickup_reported_at = ${report ? tx`now()` : null}
    WHERE id = ${id} RETURNING *`;
  return row!;
}

/**
 * Undoes `markDonationPicked` (a wrong tap): the pickup is the charity's to collect again, Assigned to the member who
 * has it or Accepted, its report gone from the row (the history keeps it). Call with the donation locked.
 */
export async function undoDonationPicked(tx: TxSql, id: string): Promise<DonationRow> {
  const [row] = await tx<DonationRow[]>`
    UPDATE donations SET status = CASE WHEN assignee_id IS NULL THEN 'Accepted' ELSE 'Assigned' END,
      pickup_date = NULL, picked_up_by = NULL, pickup_weight_kg = NULL, pickup_outcome = NULL, pickup_reason = NULL,
      pickup_note = NULL, pickup_reported_at = NULL
    WHERE id = ${id} RETURNING *`;
  return row!;
}

/**
 * The platform's figures from picked-up donations: the reported weight, or for a pickup without a report the
 * donation's own quantity when it is in kilograms (what the report's weight field proposes). Portions count as
 * meals as entered; nothing collected ('none') counts for nothing.
 */
export async function impactTotals(sql: Sql): Promise<{ kg: number; kgInKgUnits: number; portions: number; restaurants: number; charities: number }> {
  const [row] = await sql<{ kg: string | null; kg_units: string | null; portions: string | null; restaurants: number; charities: number }[]>`
    WITH picked AS (
      SELECT restaurant_id, charity_id, unit, quantity, pickup_outcome,
             COALESCE(pickup_weight_kg, CASE WHEN unit = 'kg' THEN quantity END) AS kg
      FROM donations
      WHERE status = 'Picked' AND NOT deleted AND COALESCE(pickup_outcome, 'all') <> 'none'
    )
    SELECT sum(kg) AS kg,
           sum(kg) FILTER (WHERE unit = 'kg') AS kg_units,
           sum(CASE WHEN pickup_outcome = 'part' THEN NULL ELSE quantity END) FILTER (WHERE unit = 'portions') AS portions,
           count(DISTINCT restaurant_id)::int AS restaurants,
           count(DISTINCT charity_id)::int AS charities
    FROM picked`;
  return {
    kg: Number(row?.kg ?? 0),
    kgInKgUnits: Number(row?.kg_units ?? 0),
    portions: Number(row?.portions ?? 0),
    restaurants: row?.restaurants ?? 0,
    charities: row?.charities ?? 0,
  };
}

export async function setDonationReview(tx: TxSql, id: string, review: string): Promise<DonationRow> {
  const [row] = await tx<DonationRow[]>`
    UPDATE donations SET review = ${review}, reviewed_at = now() WHERE id = ${id} RETURNING *`;
  return row!;
}

/** The donations a charity has been given (Accepted, Assigned or Picked), newest first. */
/** A charity's pickups, newest first, one page (`limit + 1` rows, see listDonations). */
export async function listPickups(sql: Sql, charityEmail: string, page: PageQuery, status?: DonationStatus): Promise<DonationRow[]> {
  const byStatus = status ? sql`d.status = ${status}` : sql`true`;
  return sql<DonationRow[]>`
    SELECT d.* FROM donations d
    JOIN users u ON u.id = d.charity_id AND NOT u.deleted
    WHERE u.email = ${charityEmail.trim().toLowerCase()} AND NOT d.deleted
      AND d.status IN ${sql(DONATION_GIVEN)} AND ${byStatus} AND ${afterCursor(sql, 'donations', 'd', page.after)}
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT ${page.limit + 1}`;
}
