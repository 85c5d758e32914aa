import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, PICKUP_PHOTO_CHUNK_MAX_BYTES, PICKUP_PHOTOS_MAX, type HistoryEntry, type PickupPhoto } from '@foodbridge/shared';
import { readPhotoLinkKey } from '../db/pickup-photos.ts';
import { signedPhotoPath } from '../images/pickup-photo-links.ts';
import { acceptedDonation, createUsers } from '../testing/donation-flow.ts';
import { startS3StandIn } from '../testing/s3-stand-in.ts';
import { createMember, createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// Issue 49.3: proof-of-pickup photos, uploaded resumably by the charity's members, read by the pickup's two sides and
// admins, served only through signed addresses.
let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let otherRestaurant: TestUser;
let charity: TestUser;
let otherCharity: TestUser;
let user: TestUser;
let driver: TestUser;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, otherRestaurant, charity, otherCharity, user] = await createUsers(t, ['admin', 'restaurant', 'restaurant', 'charity', 'charity', 'user']);
  driver = await createMember(t, charity, 'driver');
  // Noise, so that the JPEG is large enough to send in several chunks.
  photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function answerOf(res: Response): Promise<Answer> {
  const type = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  // A HEAD's answer keeps the GET's type but has no body.
  return { status: res.status, headers: res.headers, body: type.includes('application/json') && bytes.length ? JSON.parse(bytes.toString()) : bytes };
}

const uploadPath = (donationId: string, photoId: string) => `/donations/pickup/${donationId}/photos/${photoId}`;

/** One PATCH of the resumable upload, as the app sends it. */
async function sendChunk(
  who: TestUser,
  donationId: string,
  photoId: string,
  chunk: Uint8Array,
  offset: number,
  length: number,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await t.app.request(uploadPath(donationId, photoId), {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${who.token}`,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'upload-length': String(length),
      ...headers,
    },
    body: new Uint8Array(chunk),
  });
  return answerOf(res);
}

const head = async (who: TestUser, donationId: string, photoId: string) =>
  answerOf(await t.app.request(uploadPath(donationId, photoId), { method: 'HEAD', headers: { authorization: `Bearer ${who.token}` } }));

/** `bytes` uploaded whole in one PATCH; the answer. */
const uploadWhole = (who: TestUser, donationId: string, bytes: Buffer = photo, photoId = randomUUID()) => sendChunk(who, donationId, photoId, bytes, 0, bytes.length);

/** A donation of `restaurant`'s given to `charity`. */
const givenDonation = async () => (await acceptedDonation(t, { restaurant, admin, charity })).id;

const photoRows = async (photoId: string) => (await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pickup_photos WHERE id = ${photoId}`)[0]!.n;
const privateImages = async () => (await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM images WHERE private`)[0]!.n;

describe('PATCH /donations/pickup/{donationId}/photos/{photoId}', () => {
  it('takes a photo in three chunks: 204 with the new offset for each but the last, 201 with the photo for the last', async () => {
    const donationId = await givenDonation();
    const photoId = randomUUID();
    const cuts = [0, Math.floor(photo.length / 3), Math.floor((2 * photo.length) / 3), photo.length];

    const first = await sendChunk(driver, donationId, photoId, photo.subarray(cuts[0], cuts[1]), cuts[0]!, photo.length);
    expect(first.status, JSON.stringify(first.body)).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(cuts[1]));
    const second = await sendChunk(driver, donationId, photoId, photo.subarray(cuts[1], cuts[2]), cuts[1]!, photo.length);
    expect(second.status).toBe(204);
    expect(second.headers.get('upload-offset')).toBe(String(cuts[2]));
    const last = await sendChunk(driver, donationId, photoId, photo.subarray(cuts[2]), cuts[2]!, photo.length);
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    expect(last.headers.get('upload-offset')).toBe(String(photo.length));
    expect(last.body).toEqual({
      id: photoId,
      donationId,
      url: expect.stringMatching(new RegExp(`^/pickup-photos/${photoId}\\?exp=\\d+&sig=[\\w-]+$`)),
      width: 400,
      height: 300,
      contentType: 'image/jpeg',
      takenBy: driver.name,
      createdAt: expect.any(String),
    });

    // The partial bytes are gone; the picture is a private one, not served by its id.
    const [row] = await t.sql<{ partial: Buffer | null; image_id: string }[]>`SELECT partial, image_id FROM pickup_photos WHERE id = ${photoId}`;
    expect(row!.partial).toBeNull();
    expect((await t.get(`/images/${row!.image_id}`)).status).toBe(404);
    // HEAD says it is all there.
    const done = await head(driver, donationId, photoId);
    expect(done.status).toBe(200);
    expect([done.headers.get('upload-offset'), done.headers.get('upload-length')]).toEqual([String(photo.length), String(photo.length)]);
  });

  it('resumes a broken upload from the offset HEAD gives, rather than from the start', async () => {
    const donationId = await givenDonation();
    const photoId = randomUUID();
    // Nothing received yet: the device starts at 0.
    expect((await head(charity, donationId, photoId)).status).toBe(404);

    const cut = Math.floor(photo.length / 3);
    expect((await sendChunk(charity, donationId, photoId, photo.subarray(0, cut), 0, photo.length)).status).toBe(204);
    // The next chunk reached the server but its answer was lost: the device does not know it was stored.
    expect((await sendChunk(charity, donationId, photoId, photo.subarray(cut, 2 * cut), cut, photo.length)).status).toBe(204);

    const asked = await head(charity, donationId, photoId);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('upload-offset')).toBe(String(2 * cut));
    expect(asked.headers.get('upload-length')).toBe(String(photo.length));
    // GET says the same in its body.
    expect((await t.get(uploadPath(donationId, photoId), charity.token)).body).toEqual({ offset: 2 * cut, length: photo.length });

    const rest = await sendChunk(charity, donationId, photoId, photo.subarray(2 * cut), 2 * cut, photo.length);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const served = await t.get(rest.body.url);
    expect(Buffer.from(served.body).equals(photo)).toBe(true);
  });

  it('answers a repeated last chunk with the same photo, stored once, at once or later', async () => {
    const donationId = await givenDonation();
    const photoId = randomUUID();
    const cut = Math.floor(photo.length / 2);
    expect((await sendChunk(charity, donationId, photoId, photo.subarray(0, cut), 0, photo.length)).status).toBe(204);
    const before = await privateImages();

    // The last chunk sent twice at once (a retry racing its original), then once more later from the start's offset.
    const [a, b] = await Promise.all([
      sendChunk(charity, donationId, photoId, photo.subarray(cut), cut, photo.length),
      sendChunk(charity, donationId, photoId, photo.subarray(cut), cut, photo.length),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const later = await sendChunk(charity, donationId, photoId, photo.subarray(0, cut), 0, photo.length);
    expect(later.status).toBe(200);
    for (const again of [a, b, later]) expect({ ...again.body, url: '' }).toEqual({ ...a.body, url: '' });

    expect(await photoRows(photoId)).toBe(1);
    expect(await privateImages()).toBe(before + 1);
    const history = (await t.get<HistoryEntry[]>(`/donations/${donationId}/history`, restaurant.token)).body;
    expect(history.filter((h) => h.kind === 'pickup.photo-added')).toHaveLength(1);
  });

  it('refuses a chunk at another offset than it holds with 409 and its Upload-Offset', async () => {
    const donationId = await givenDonation();
    const photoId = randomUUID();
    // Nothing held yet: the upload starts at 0.
    const early = await sendChunk(charity, donationId, photoId, photo.subarray(100, 200), 100, photo.length);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'pickups/photo-offset-mismatch', values: { offset: 0 } });
    expect(early.headers.get('upload-offset')).toBe('0');

    expect((await sendChunk(charity, donationId, photoId, photo.subarray(0, 1000), 0, photo.length)).status).toBe(204);
    for (const offset of [0, 500, 2000]) {
      const res = await sendChunk(charity, donationId, photoId, photo.subarray(offset, offset + 1000), offset, photo.length);
      expect(res.status).toBe(409);
      expect(res.headers.get('upload-offset')).toBe('1000');
    }
    // Another length than the upload began with: refused, whatever the offset.
    const longer = await sendChunk(charity, donationId, photoId, photo.subarray(1000, 2000), 1000, photo.length + 1);
    expect(longer.status).toBe(400);
    expect(longer.body).toMatchObject({ code: 'pickups/photo-length-changed', values: { length: photo.length } });
  });

  it('refuses a photo over the size limit, an oversized chunk, missing headers and what is not a picture, storing nothing', async () => {
    const donationId = await givenDonation();
    const before = await t.sql`SELECT count(*)::int AS n FROM pickup_photos`;

    const tooBig = await sendChunk(charity, donationId, randomUUID(), photo.subarray(0, 1000), 0, IMAGE_MAX_BYTES + 1);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ code: 'images/too-large', values: { mb: 5 } });

    const chunk = Buffer.alloc(PICKUP_PHOTO_CHUNK_MAX_BYTES + 1, 1);
    const bigChunk = await sendChunk(charity, donationId, randomUUID(), chunk, 0, IMAGE_MAX_BYTES);
    expect(bigChunk.status).toBe(413);
    expect(bigChunk.body.code).toBe('pickups/photo-chunk-too-large');

    const noLength = await sendChunk(charity, donationId, randomUUID(), photo, 0, photo.length, { 'upload-length': '' });
    expect(noLength.status).toBe(400);
    expect(noLength.body.code).toBe('pickups/photo-upload-invalid');
    const json = await sendChunk(charity, donationId, randomUUID(), photo, 0, photo.length, { 'content-type': 'application/json' });
    expect(json.body.code).toBe('pickups/photo-upload-invalid');
    // More bytes than the length said.
    const past = await sendChunk(charity, donationId, randomUUID(), photo, 0, photo.length - 1);
    expect(past.body.code).toBe('pickups/photo-upload-invalid');

    const text = Buffer.from('hello, I am not a picture at all');
    const notPicture = await uploadWhole(charity, donationId, text);
    expect(notPicture.status).toBe(400);
    expect(notPicture.body.code).toBe('images/not-supported');
    // The first chunk of something that is no picture is refused at once.
    const notFirst = await sendChunk(charity, donationId, randomUUID(), Buffer.alloc(1000, 7), 0, 5000);
    expect(notFirst.body.code).toBe('images/not-supported');

    // A JPEG cut off: its header reads, its pixels do not.
    const damaged = photo.subarray(0, Math.floor(photo.length / 2));
    const cutOff = await uploadWhole(charity, donationId, damaged);
    expect(cutOff.status).toBe(400);
    expect(cutOff.body.code).toBe('images/unreadable');

    expect(await t.sql`SELECT count(*)::int AS n FROM pickup_photos`).toEqual(before);
  });

  it(`keeps a pickup to ${PICKUP_PHOTOS_MAX} photos, counting uploads under way, but not one left for a day`, async () => {
    const donationId = await givenDonation();
    for (let i = 0; i < PICKUP_PHOTOS_MAX - 1; i++) expect((await uploadWhole(charity, donationId)).status).toBe(201);
    const waiting = randomUUID();
    expect((await sendChunk(driver, donationId, waiting, photo.subarray(0, 1000), 0, photo.length)).status).toBe(204);

    const fifth = await uploadWhole(charity, donationId);
    expect(fifth.status).toBe(409);
    expect(fifth.body).toMatchObject({ code: 'pickups/too-many-photos', values: { max: PICKUP_PHOTOS_MAX } });

    // The upload under way was left: after a day it no longer holds its place, and coming back it is told to restart.
    await t.sql`UPDATE pickup_photos SET updated_at = now() - interval '25 hours' WHERE id = ${waiting}`;
    expect((await uploadWhole(charity, donationId)).status).toBe(201);
    expect((await head(driver, donationId, waiting)).status).toBe(404);
    expect((await t.get(`/donations/${donationId}/pickup-photos`, restaurant.token)).body).toHaveLength(PICKUP_PHOTOS_MAX);
    expect((await uploadWhole(charity, donationId)).status).toBe(409);
  });

  it('is the charity’s alone: another charity, the restaurant, an admin and a plain user get 403, a stranger’s HEAD too', async () => {
    const donationId = await givenDonation();
    for (const who of [otherCharity, user, restaurant, admin]) {
      const res = await uploadWhole(who, donationId);
      expect(res.status, who.role).toBe(403);
      expect(res.body.code).toBe('pickups/not-your-pickup');
    }
    const photoId = randomUUID();
    expect((await sendChunk(charity, donationId, photoId, photo.subarray(0, 1000), 0, photo.length)).status).toBe(204);
    expect((await head(otherCharity, donationId, photoId)).status).toBe(403);
    // Nor may another charity finish it, or repeat it once finished.
    expect((await sendChunk(otherCharity, donationId, photoId, photo.subarray(1000), 1000, photo.length)).status).toBe(403);
    expect((await sendChunk(charity, donationId, photoId, photo.subarray(1000), 1000, photo.length)).status).toBe(201);
    expect((await sendChunk(otherCharity, donationId, photoId, photo.subarray(1000), 1000, photo.length)).status).toBe(403);
    // An unknown donation is not found.
    expect((await uploadWhole(charity, randomUUID())).status).toBe(404);
  });

  it('takes photos after the pickup for as long as the report may be corrected, and not after', async () => {
    const donationId = await givenDonation();
    expect((await t.patch(`/donations/pickup/${donationId}`, undefined, driver.token)).status).toBe(200);
    expect((await uploadWhole(driver, donationId)).status).toBe(201);
    await t.sql`UPDATE donations SET pickup_date = now() - interval '8 days' WHERE id = ${donationId}`;
    const late = await uploadWhole(driver, donationId);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'pickups/photos-too-late', values: { days: 7 } });
  });
});

describe('GET /donations/{donationId}/pickup-photos and the photos’ signed addresses', () => {
  let donationId: string;
  let photos: PickupPhoto[];

  beforeAll(async () => {
    donationId = await givenDonation();
    const first = await uploadWhole(driver, donationId);
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3a7' } }).png().toBuffer();
    const second = await uploadWhole(charity, donationId, png);
    photos = [first.body, second.body];
  });

  it('lists the photos, oldest first, to the restaurant, its staff, the charity, its driver and admins; others get 403', async () => {
    const staff = await createMember(t, restaurant, 'staff');
    for (const who of [restaurant, staff, charity, driver, admin]) {
      const res = await t.get<PickupPhoto[]>(`/donations/${donationId}/pickup-photos`, who.token);
      expect(res.status, who.email).toBe(200);
      expect(res.body.map((p) => [p.id, p.takenBy, p.contentType])).toEqual([
        [photos[0]!.id, driver.name, 'image/jpeg'],
        [photos[1]!.id, charity.name, 'image/png'],
      ]);
      expect(res.headers.get('cache-control')).toContain('private');
    }
    for (const who of [otherCharity, otherRestaurant, user]) {
      const res = await t.get(`/donations/${donationId}/pickup-photos`, who.token);
      expect(res.status, who.email).toBe(403);
      expect(res.body.code).toBe('pickups/photos-hidden');
    }
    expect((await t.get(`/donations/${donationId}/pickup-photos`)).status).toBe(401);
    expect((await t.get(`/donations/${randomUUID()}/pickup-photos`, admin.token)).status).toBe(404);
  });

  it('serves the photo at its signed address, privately, resized with ?w=; a changed or expired address is 403', async () => {
    const [jpeg] = photos;
    const res = await t.get(jpeg!.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body).equals(photo)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const maxAge = Number(/private, max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(23 * 3600);
    expect(maxAge).toBeLessThanOrEqual(25 * 3600);

    const small = await t.get(`${jpeg!.url}&w=96`);
    expect(small.status).toBe(200);
    expect(await sharp(Buffer.from(small.body)).metadata()).toMatchObject({ format: 'webp', width: 96 });
    const again = await t.app.request(jpeg!.url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const url = new URL(jpeg!.url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const tampered = [
      `/pickup-photos/${jpeg!.id}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `/pickup-photos/${jpeg!.id}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/pickup-photos/${photos[1]!.id}?exp=${exp}&sig=${sig}`,
      `/pickup-photos/${jpeg!.id}?exp=${exp}`,
      `/pickup-photos/${jpeg!.id}`,
    ];
    for (const path of tampered) {
      const refused = await t.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code).toBe('pickups/photo-link-invalid');
    }
    const key = (await readPhotoLinkKey(t.sql))!;
    const expired = signedPhotoPath(key, jpeg!.id, Date.now() - 3 * 24 * 3600 * 1000);
    expect((await t.get(expired)).status).toBe(403);
    // The same key, now: it opens.
    expect((await t.get(signedPhotoPath(key, jpeg!.id))).status).toBe(200);
  });

  it('records each photo in the donation’s history', async () => {
    const history = (await t.get<HistoryEntry[]>(`/donations/${donationId}/history`, restaurant.token)).body;
    const added = history.filter((h) => h.kind === 'pickup.photo-added');
    // Newest first.
    expect(added.map((h) => [h.detail.photoId, h.actor.name])).toEqual([
      [photos[1]!.id, charity.name],
      [photos[0]!.id, driver.name],
    ]);
    const adminView = (await t.get<HistoryEntry[]>(`/history?donationId=${donationId}&kind=pickup.photo-added`, admin.token)).body;
    expect(adminView).toHaveLength(2);
  });
});

describe('with S3_BUCKET and S3_PUBLIC_URL: the photo in the bucket, still served only through its signed address', () => {
  it('streams it from the bucket rather than redirecting to the public address', async () => {
    const s3 = await startS3StandIn();
    const bucketApp = await createTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://pictures.example.org' });
    try {
      const [a, r, c] = await createUsers(bucketApp, ['admin', 'restaurant', 'charity']);
      const { id: donationId } = await acceptedDonation(bucketApp, { restaurant: r, admin: a, charity: c });
      const res = await bucketApp.app.request(uploadPath(donationId, randomUUID()), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'upload-length': String(photo.length) },
        body: new Uint8Array(photo),
      });
      expect(res.status).toBe(201);
      const added = (await res.json()) as PickupPhoto;
      const [row] = await bucketApp.sql<{ storage: string; storage_key: string }[]>`
        SELECT i.storage, i.storage_key FROM pickup_photos p JOIN images i ON i.id = p.image_id WHERE p.id = ${added.id}`;
      expect(row!.storage).toBe('s3');
      expect((await s3.read(row!.storage_key))?.equals(photo)).toBe(true);

      const served = await bucketApp.get(added.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('location')).toBeNull();
      expect(Buffer.from(served.body).equals(photo)).toBe(true);
      expect((await bucketApp.get(`${added.url}&w=96`)).status).toBe(200);
    } finally {
      await bucketApp.close();
      await s3.close();
    }
  });
});
