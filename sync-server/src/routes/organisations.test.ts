import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationInput, createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createMailingTestApp, createMember, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Organisations (issue 46): every restaurant and charity is one; members join by an e-mailed invitation.

let inbox: SmtpInbox;
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  const mailing = await createMailingTestApp();
  t = mailing;
  inbox = mailing.inbox;
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

/** Sends an invitation and returns its link's token, read from the e-mail as the invitee would. */
async function invite(by: TestUser, email: string, role: string): Promise<string> {
  const invitations = () => inbox.messages.filter((m) => m.to.includes(email) && m.text.includes('/accept-invite'));
  const seen = invitations().length;
  const res = await t.post('/organisations/mine/invitations', { email, role }, by.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // The account's own verification e-mail may come in between: wait for the invitation itself.
  for (let waited = 0; invitations().length === seen; waited += 20) {
    if (waited > 10_000) throw new Error(`no invitation e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return new URLSearchParams(inbox.link(invitations().at(-1)!, '/accept-invite').split('?')[1]).get('token')!;
}

/** A charity with a coordinator (its founder) and a driver who joined through an invitation. */
async function charityWithDriver() {
  const coordinator = await createUser(t, { role: 'charity' });
  const driver = await createUser(t);
  const token = await invite(coordinator, driver.email, 'driver');
  const joined = await t.post('/invitations/accept', { token }, driver.token);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { coordinator, driver, token };
}

describe('organisations', () => {
  it('every restaurant and charity is the owner of its own organisation, whose id is its account id', async () => {
    const restaurant = await createUser(t, { role: 'restaurant', name: 'Green Table' });
    const res = await t.get('/organisations/mine', restaurant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: restaurant.id,
      name: 'Green Table',
      kind: 'restaurant',
      email: restaurant.email,
      ownerId: restaurant.id,
      createdAt: expect.any(String),
      members: [{ userId: restaurant.id, name: 'Green Table', email: restaurant.email, role: 'manager', owner: true, joinedAt: expect.any(String) }],
    });
    for (const who of [await createUser(t), admin]) {
      const none = await t.get('/organisations/mine', who.token);
      expect(none.status).toBe(404);
      expect(none.body.code).toBe('not-found/organisation');
    }
  });

  it("the organisation's profile is its leads' to change, whoever founded it; its staff read it", async () => {
    const founder = await createUser(t, { role: 'restaurant', name: 'Green Table' });
    const manager = await createMember(t, founder, 'manager');
    const staff = await createMember(t, founder, 'staff');
    const change = { name: 'Green Table Kitchen', address: '12 Market Street', phone: '+1 555 0111', latitude: 52.52, longitude: 13.405 };

    const changed = await t.patch('/organisations/mine', change, manager.token);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ _id: founder.id, ...change });
    // The profile is the founding account's row: its donations are posted under the new name, by any member.
    expect((await t.get('/users/me', founder.token)).body).toMatchObject(change);
    expect((await t.get('/organisations/mine', staff.token)).body).toMatchObject(change);
    const posted = await t.post('/donations', createDonationInput(), staff.token);
    expect((await t.get(`/donations/${posted.body.insertedId}`, staff.token)).body.restaurantName).toBe('Green Table Kitchen');

    // The pickup point goes whole or not at all; and it can be removed.
    const half = await t.patch('/organisations/mine', { latitude: 50 }, manager.token);
    expect([half.status, half.body.code]).toEqual([400, 'validation/coordinates-pair']);
    const gone = await t.patch('/organisations/mine', { latitude: null, longitude: null }, founder.token);
    expect(gone.status).toBe(200);
    expect(gone.body.latitude).toBeUndefined();

    const refused = await t.patch('/organisations/mine', { name: 'Staff Diner' }, staff.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'organisations/leads-only']);
    expect((await t.get('/organisations/mine', staff.token)).body.name).toBe('Green Table Kitchen');
    expect((await t.patch('/organisations/mine', { name: 'Mine now' }, (await createUser(t)).token)).status).toBe(404);

    // The founding account is a lead for as long as it is a member (its row is the profile: ADR 018), so the profile
    // it edits as its own is always a lead's change.
    expect((await t.request('PUT', '/organisations/mine/owner', { token: founder.token, body: { userId: manager.id } })).status).toBe(200);
    const demoted = await t.patch(`/organisations/mine/members/${founder.id}`, { role: 'staff' }, manager.token);
    expect([demoted.status, demoted.body.code]).toEqual([409, 'organisations/founder-stays']);
  });

  it('a driver joins by the e-mailed link: a charity member at once, with no fee of their own; the link works once', async () => {
    const { coordinator, driver, token } = await charityWithDriver();
    const mail = inbox.messages.filter((m) => m.to.includes(driver.email)).at(-1)!;
    expect(mail.subject).toContain(coordinator.name);
    expect(mail.text).toContain('https://foodbridge.example.org/accept-invite?token=');

    const me = await t.get('/users/me', driver.token);
    expect(me.body.role).toBe('charity');
    const org = await t.get('/organisations/mine', coordinator.token);
    expect(org.body.members.map((m: { email: string; role: string; owner: boolean }) => [m.email, m.role, m.owner])).toEqual([
      [coordinator.email, 'coordinator', true],
      [driver.email, 'driver', false],
    ]);
    expect((await t.get('/organisations/mine', driver.token)).body._id).toBe(coordinator.id);
    const again = await t.post('/invitations/accept', { token }, driver.token);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invitations/invalid');
    expect((await t.get('/organisations/mine/invitations', coordinator.token)).body).toEqual([]);

    const history = await t.get(`/history?kind=organisation.joined`, admin.token);
    expect(history.body.some((h: { actor: { email?: string } }) => h.actor.email === driver.email)).toBe(true);
  });

  it('refuses what cannot be, each with its own code, and changes nothing', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const other = await createUser(t, { role: 'charity' });
    const post = (body: unknown, by = restaurant) => t.post('/organisations/mine/invitations', body, by.token);
    expect((await post({ email: 'someone@example.test', role: 'driver' })).body.code).toBe('organisations/role-for-kind');
    expect((await post({ email: restaurant.email, role: 'staff' })).body.code).toBe('invitations/self');
    expect((await post({ email: other.email, role: 'staff' })).body).toMatchObject({ code: 'invitations/member-elsewhere' });
    expect((await post({ email: admin.email, role: 'staff' })).status).toBe(409);
    expect((await post({ email: 'someone@example.test', role: 'owner' })).body.code).toBe('validation/member-role');
    expect((await post({ email: 'not-an-email', role: 'staff' })).body.code).toBe('validation/email-invalid');
    const plain = await createUser(t);
    expect((await post({ email: 'x@example.test', role: 'staff' }, plain)).body.code).toBe('not-found/organisation');
    expect((await t.get('/organisations/mine/invitations', restaurant.token)).body).toEqual([]);

    // Staff cannot manage the team.
    const staff = await createUser(t);
    const token = await invite(restaurant, staff.email, 'staff');
    expect((await t.post('/invitations/accept', { token }, staff.token)).status).toBe(200);
    const byStaff = await post({ email: 'y@example.test', role: 'staff' }, staff);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.code).toBe('organisations/managers-only');
  });

  it("a link's page can say what it invites to, without naming the address, before anyone joins", async () => {
    const coordinator = await createUser(t, { role: 'charity', name: 'Hope Pantry' });
    const invitee = await createUser(t);
    const token = await invite(coordinator, invitee.email, 'driver');
    const signedOut = await t.post('/invitations/preview', { token });
    expect(signedOut.body).toEqual({ organisation: { name: 'Hope Pantry', kind: 'charity' }, role: 'driver', invitedBy: 'Hope Pantry', expiresAt: expect.any(String) });
    expect((await t.post('/invitations/preview', { token }, invitee.token)).body.forYou).toBe(true);
    const stranger = await t.post('/invitations/preview', { token }, admin.token);
    expect(stranger.body.forYou).toBe(false);
    expect(JSON.stringify(stranger.body)).not.toContain(invitee.email);
    expect((await t.post('/invitations/accept', { token }, invitee.token)).status).toBe(200);
    expect((await t.post('/invitations/preview', { token })).body.code).toBe('invitations/invalid');
  });

  it('an invitation is for its own address, a plain account, while live', async () => {
    const coordinator = await createUser(t, { role: 'charity' });
    const invitee = await createUser(t);
    const stranger = await createUser(t);
    const token = await invite(coordinator, invitee.email, 'driver');
    const forwarded = await t.post('/invitations/accept', { token }, stranger.token);
    expect(forwarded.status).toBe(403);
    expect(forwarded.body.code).toBe('invitations/other-email');
    expect(JSON.stringify(forwarded.body)).not.toContain(invitee.email);

    // Invited again: only the new link works. Withdrawn: neither.
    const second = await invite(coordinator, invitee.email, 'coordinator');
    expect((await t.post('/invitations/accept', { token }, invitee.token)).body.code).toBe('invitations/invalid');
    const [waiting] = (await t.get('/organisations/mine/invitations', coordinator.token)).body;
    expect(waiting).toMatchObject({ email: invitee.email, role: 'coordinator', invitedBy: coordinator.name });
    expect((await t.del(`/organisations/mine/invitations/${waiting._id}`, coordinator.token)).status).toBe(200);
    expect((await t.del(`/organisations/mine/invitations/${waiting._id}`, coordinator.token)).body.code).toBe('not-found/invitation');
    expect((await t.post('/invitations/accept', { token: second }, invitee.token)).body.code).toBe('invitations/invalid');

    // Expired.
    const third = await invite(coordinator, invitee.email, 'driver');
    await t.sql`UPDATE organisation_invitations SET expires_at = now() - interval '1 second' WHERE email = ${invitee.email} AND revoked_at IS NULL`;
    expect((await t.post('/invitations/accept', { token: third }, invitee.token)).body.code).toBe('invitations/invalid');

    // A member elsewhere, invited before joining there, cannot take this one too.
    const fourth = await invite(coordinator, invitee.email, 'driver');
    const restaurant = await createUser(t, { role: 'restaurant' });
    const elsewhere = await invite(restaurant, invitee.email, 'staff');
    expect((await t.post('/invitations/accept', { token: elsewhere }, invitee.token)).status).toBe(200);
    const late = await t.post('/invitations/accept', { token: fourth }, invitee.token);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('invitations/in-organisation');
    expect((await t.get('/users/me', invitee.token)).body.role).toBe('restaurant');
  });

  it('members: roles changed, removed (their sessions end), leaving; the owner hands over before leaving', async () => {
    const { coordinator, driver } = await charityWithDriver();
    const second = await createUser(t);
    expect((await t.post('/invitations/accept', { token: await invite(coordinator, second.email, 'driver') }, second.token)).status).toBe(200);

    expect((await t.patch(`/organisations/mine/members/${driver.id}`, { role: 'staff' }, coordinator.token)).body.code).toBe('organisations/role-for-kind');
    expect((await t.patch(`/organisations/mine/members/${driver.id}`, { role: 'coordinator' }, coordinator.token)).body).toEqual({ modifiedCount: 1 });
    expect((await t.patch(`/organisations/mine/members/${coordinator.id}`, { role: 'driver' }, driver.token)).body.code).toBe('organisations/owner-role');
    expect((await t.patch(`/organisations/mine/members/${admin.id}`, { role: 'driver' }, coordinator.token)).body.code).toBe('not-found/member');
    expect((await t.patch(`/organisations/mine/members/${coordinator.id}`, { role: 'coordinator' }, second.token)).body.code).toBe('organisations/managers-only');

    // The owner neither leaves nor is removed; then hands over, and stays (as founder) for now.
    expect((await t.del(`/organisations/mine/members/${coordinator.id}`, coordinator.token)).body.code).toBe('organisations/owner-cannot-leave');
    expect((await t.del(`/organisations/mine/members/${coordinator.id}`, driver.token)).body.code).toBe('organisations/owner-cannot-leave');
    expect((await t.request('PUT', '/organisations/mine/owner', { token: driver.token, body: { userId: driver.id } })).body.code).toBe('organisations/owner-only');
    expect((await t.request('PUT', '/organisations/mine/owner', { token: coordinator.token, body: { userId: second.id } })).body).toEqual({ modifiedCount: 1 });
    const handed = await t.get('/organisations/mine', second.token);
    expect(handed.body.ownerId).toBe(second.id);
    expect(handed.body.members.find((m: { userId: string }) => m.userId === second.id).role).toBe('coordinator');
    expect((await t.del(`/organisations/mine/members/${coordinator.id}`, coordinator.token)).body.code).toBe('organisations/founder-stays');

    // Removed: a plain user at once, and the sessions they held end.
    expect((await t.del(`/organisations/mine/members/${driver.id}`, second.token)).body).toEqual({ deletedCount: 1 });
    const after = await t.get('/users/me', driver.token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('auth/session-ended');
    const [row] = await t.sql`SELECT role, organisation_id FROM users WHERE id = ${driver.id}`;
    expect(row).toEqual({ role: 'user', organisation_id: null });
  });

  it('a member leaves by themselves and keeps their session, as a plain user', async () => {
    const { coordinator, driver } = await charityWithDriver();
    expect((await t.del(`/organisations/mine/members/${driver.id}`, driver.token)).body).toEqual({ deletedCount: 1 });
    const me = await t.get('/users/me', driver.token);
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('user');
    expect((await t.get('/organisations/mine', coordinator.token)).body.members).toHaveLength(1);
  });

  it('an admin taking the role away takes the membership with it, and the ownership passes to a lead', async () => {
    const { coordinator, driver } = await charityWithDriver();
    const lead = await createUser(t);
    expect((await t.post('/invitations/accept', { token: await invite(coordinator, lead.email, 'coordinator') }, lead.token)).status).toBe(200);
    // The owner's role taken away: the coordinator, not the longer-standing driver, owns it now.
    expect((await t.patch(`/users/role/${coordinator.id}`, { role: 'user' }, admin.token)).status).toBe(200);
    const org = await t.get('/organisations/mine', lead.token);
    expect(org.body.ownerId).toBe(lead.id);
    expect(org.body.members.map((m: { userId: string }) => m.userId).sort()).toEqual([driver.id, lead.id].sort());
    // The founder given the role again: back in its own organisation, as a member.
    expect((await t.patch(`/users/role/${coordinator.id}`, { role: 'charity' }, admin.token)).status).toBe(200);
    const [row] = await t.sql`SELECT organisation_id, member_role FROM users WHERE id = ${coordinator.id}`;
    expect(row).toEqual({ organisation_id: coordinator.id, member_role: 'coordinator' });
    expect((await t.get('/organisations/mine', lead.token)).body.ownerId).toBe(lead.id);
  });

  it('a plain user given the restaurant role founds an organisation of their own', async () => {
    const u = await createUser(t);
    expect((await t.patch(`/users/role/${u.id}`, { role: 'restaurant' }, admin.token)).status).toBe(200);
    const login = await t.post('/auth/login', { email: u.email, password: 'password123' });
    const token = login.status === 200 ? login.body.idToken : u.token;
    const org = await t.get('/organisations/mine', token);
    expect(org.body).toMatchObject({ _id: u.id, kind: 'restaurant', ownerId: u.id });
  });

  it('members act for their organisation: staff post, the manager accepts, a driver collects, each named in the timeline', async () => {
    const restaurant = await createUser(t, { role: 'restaurant', name: 'Green Table' });
    const staff = await createUser(t, { name: 'Sam Staff' });
    expect((await t.post('/invitations/accept', { token: await invite(restaurant, staff.email, 'staff') }, staff.token)).status).toBe(200);
    const { coordinator, driver } = await charityWithDriver();

    // Posted by staff: the restaurant's donation, under its name and e-mail.
    const posted = await t.post('/donations', createDonationInput({ title: 'Evening trays' }), staff.token);
    expect(posted.status).toBe(201);
    const id = posted.body.insertedId;
    const [row] = await t.sql`SELECT restaurant_id, restaurant_name, restaurant_email FROM donations WHERE id = ${id}`;
    expect(row).toEqual({ restaurant_id: restaurant.id, restaurant_name: 'Green Table', restaurant_email: restaurant.email });
    expect((await t.get(`/donations/${id}`, restaurant.token)).status).toBe(200);
    expect((await t.patch(`/donations/verify/${id}`, undefined, admin.token)).status).toBe(200);

    // Asking is the coordinator's; the driver may not.
    const byDriver = await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), driver.token);
    expect(byDriver.status).toBe(403);
    expect(byDriver.body.code).toBe('organisations/leads-only');
    const asked = await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), coordinator.token);
    expect(asked.status).toBe(201);

    // Staff may not accept nor delete; the manager accepts.
    expect((await t.patch(`/donation-requests/accept/${asked.body.insertedId}`, undefined, staff.token)).body.code).toBe('organisations/leads-only');
    expect((await t.del(`/donations/${id}`, staff.token)).body.code).toBe('organisations/leads-only');
    expect((await t.patch(`/donation-requests/accept/${asked.body.insertedId}`, undefined, restaurant.token)).status).toBe(200);

    // The driver sees the charity's pickup by the charity's e-mail and confirms it.
    const pickups = await t.get(`/my-pickups?email=${encodeURIComponent(coordinator.email)}`, driver.token);
    expect(pickups.status).toBe(200);
    expect(pickups.body.map((p: { _id: string }) => p._id)).toContain(id);
    expect((await t.get(`/my-pickups?email=${encodeURIComponent(restaurant.email)}`, driver.token)).status).toBe(403);
    expect((await t.patch(`/donations/pickup/${id}`, { weightKg: 4, outcome: 'all' }, driver.token)).status).toBe(200);

    // The timeline names who did what; a member's own e-mail is shown inside their organisation only.
    const timeline = await t.get(`/donations/${id}/history`);
    const created = timeline.body.find((h: { kind: string }) => h.kind === 'donation.created');
    expect(created.actor).toEqual({ name: 'Sam Staff' });
    const confirmed = timeline.body.find((h: { kind: string }) => h.kind === 'pickup.confirmed');
    expect(confirmed.actor.name).toBe(driver.name);
    const inside = await t.get(`/donations/${id}/history`, restaurant.token);
    expect(inside.body.find((h: { kind: string }) => h.kind === 'donation.created').actor).toEqual({ name: 'Sam Staff', email: staff.email });
  });

  it("every member is told what their organisation is told, and nobody of what they did themselves", async () => {
    const restaurant = await createUser(t, { role: 'restaurant', name: 'Green Table' });
    const staff = await createUser(t);
    expect((await t.post('/invitations/accept', { token: await invite(restaurant, staff.email, 'staff') }, staff.token)).status).toBe(200);
    const { coordinator, driver } = await charityWithDriver();
    const id = (await t.post('/donations', createDonationInput({ title: 'Bread' }), staff.token)).body.insertedId;
    await t.patch(`/donations/verify/${id}`, undefined, admin.token);
    const asked = await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), coordinator.token);
    await t.patch(`/donation-requests/accept/${asked.body.insertedId}`, undefined, restaurant.token);
    const kinds = async (who: TestUser) => ((await t.get('/notifications', who.token)).body as { kind: string }[]).map((n) => n.kind);
    expect(await kinds(staff)).toEqual(expect.arrayContaining(['donation.verified', 'request.made']));
    expect(await kinds(restaurant)).toEqual(expect.arrayContaining(['donation.verified', 'request.made']));
    expect(await kinds(driver)).toContain('request.accepted');
    // The coordinator asked and the manager accepted: neither is told of their own doing.
    expect(await kinds(coordinator)).toContain('request.accepted');
    expect(await kinds(restaurant)).not.toContain('request.accepted');
  });
});
