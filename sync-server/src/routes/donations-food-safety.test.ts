import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Donation } from '@foodbridge/shared';
import type { DonationInput } from '@foodbridge/shared/testing/factories';
import { createUsers, postDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// Food safety on a donation (issue 50): allergens (the EU's 14), dietary tags and storage, said by the restaurant,
// shown to every reader, filtered on.

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let charity: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, charity] = await createUsers(t, ['admin', 'restaurant', 'charity']);
});
afterAll(() => t?.close());

async function verified(overrides: Partial<DonationInput> & Record<string, unknown>): Promise<string> {
  const id = await postDonation(t, restaurant, overrides as Partial<DonationInput>);
  await verifyDonation(t, admin, id);
  return id;
}
const read = async (id: string) => (await t.get(`/donations/${id}`, charity.token)).body as Donation;
const titlesOf = async (query: string) => ((await t.get(`/donations/verified?${query}&limit=1000`, charity.token)).body as Donation[]).map((d) => d.title);

describe('food safety on a donation', () => {
  it('keeps what the restaurant said, each value once in the list’s order; not said is absent, none is an empty list', async () => {
    const said = await verified({ title: 'Lentil soup', allergens: ['celery', 'milk', 'celery'], dietary: ['vegetarian', 'halal'], storage: 'chilled' });
    expect(await read(said)).toMatchObject({ allergens: ['milk', 'celery'], dietary: ['vegetarian', 'halal'], storage: 'chilled' });
    const none = await verified({ title: 'Apples', allergens: [] });
    expect((await read(none)).allergens).toEqual([]);
    const unsaid = await read(await verified({ title: 'Mystery box' }));
    expect(unsaid).not.toHaveProperty('allergens');
    expect(unsaid).not.toHaveProperty('dietary');
    expect(unsaid).not.toHaveProperty('storage');
    // The device's copy carries them too.
    const pulled = (await t.get('/sync/donations/pull?limit=1000', charity.token)).body as { documents: Donation[] };
    expect(pulled.documents.find((d) => d._id === said)).toMatchObject({ allergens: ['milk', 'celery'], storage: 'chilled' });
  });

  it('refuses unknown values and contradictions with a clear 400', async () => {
    const post = (body: Record<string, unknown>) => t.post('/donations', { ...body, title: 'x', foodType: 'Bakery', quantity: 1, pickupTime: '18:00', location: 'Here', image: '/images/5f0c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f' }, restaurant.token);
    for (const [body, code] of [
      [{ allergens: ['peanut butter'] }, 'validation/allergen-unknown'],
      [{ dietary: ['paleo'] }, 'validation/dietary-unknown'],
      [{ storage: 'warm' }, 'validation/storage-unknown'],
      [{ dietary: ['vegan'], allergens: ['milk'] }, 'validation/vegan-with-animal-allergen'],
      [{ dietary: ['gluten-free'], allergens: ['gluten'] }, 'validation/gluten-free-with-gluten'],
    ] as const) {
      const res = await post(body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, code]);
    }
  });

  it('checks an edit against what the donation has, and keeps what the edit leaves out', async () => {
    const id = await verified({ title: 'Oat cookies', allergens: ['gluten'], dietary: ['vegetarian'], storage: 'ambient' });
    const clash = await t.patch(`/donations/${id}`, { dietary: ['gluten-free'] }, restaurant.token);
    expect([clash.status, clash.body.code]).toEqual([400, 'validation/gluten-free-with-gluten']);
    expect((await t.patch(`/donations/${id}`, { allergens: ['gluten', 'nuts'] }, restaurant.token)).status).toBe(200);
    expect(await read(id)).toMatchObject({ allergens: ['gluten', 'nuts'], dietary: ['vegetarian'], storage: 'ambient', status: 'Verified' });
  });

  it('filters the list: every dietary tag asked for, none of the allergens said (not said is left out)', async () => {
    const tag = Date.now().toString(36);
    await verified({ title: `Vegan curry ${tag}`, allergens: ['mustard'], dietary: ['vegan', 'vegetarian'] });
    await verified({ title: `Cheese pie ${tag}`, allergens: ['milk', 'gluten'], dietary: ['vegetarian'] });
    await verified({ title: `Unlabelled ${tag}` });
    const mine = (titles: string[]) => titles.filter((x) => x.endsWith(tag)).sort();
    expect(mine(await titlesOf('dietary=vegetarian'))).toEqual([`Cheese pie ${tag}`, `Vegan curry ${tag}`]);
    expect(mine(await titlesOf('dietary=Vegan,vegetarian'))).toEqual([`Vegan curry ${tag}`]);
    expect(mine(await titlesOf('freeFrom=milk'))).toEqual([`Vegan curry ${tag}`]);
    expect(mine(await titlesOf('freeFrom=milk,mustard'))).toEqual([]);
    const bad = await t.get('/donations/verified?freeFrom=chocolate', charity.token);
    expect([bad.status, bad.body.code]).toEqual([400, 'donations/unknown-allergen']);
  });
});
