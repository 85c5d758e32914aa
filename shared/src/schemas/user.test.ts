import { describe, expect, it } from 'vitest';
import { issueText } from '../errors.ts';
import { LoginSchema, ProfileUpdateSchema, RegisterSchema, RoleUpdateSchema, UserUpsertSchema } from './user.ts';

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${issueText(i)}`) ?? [];

describe('passwords (login and registration)', () => {
  const login = (password: unknown) => LoginSchema.safeParse({ email: 'ada@example.com', password });

  it('accepts 6 characters and refuses 5 with the spec message', () => {
    expect(login('123456').success).toBe(true);
    expect(errors(login('12345'))).toEqual(['password: Password must be at least 6 characters']);
  });

  it("says 'required' first for an empty or missing password (forms and server show the first message)", () => {
    expect(errors(login(''))).toEqual(['password: Password is required', 'password: Password must be at least 6 characters']);
    expect(errors(login(undefined))).toEqual(['password: Password is required']);
  });

  it('accepts up to 200 characters and keeps spaces as typed', () => {
    expect(login('x'.repeat(200)).success).toBe(true);
    expect(errors(login('x'.repeat(201)))).toEqual(['password: Password is too long']);
    expect(LoginSchema.parse({ email: 'ada@example.com', password: ' secret ' }).password).toBe(' secret ');
  });
});

describe('RegisterSchema', () => {
  it('trims the name, lower-cases the e-mail', () => {
    expect(RegisterSchema.parse({ name: '  Ada ', email: 'Ada@Example.com', password: 'secret' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it('lists every missing field with its spec message', () => {
    expect(errors(RegisterSchema.safeParse({}))).toEqual(['name: Name is required', 'email: Email is required', 'password: Password is required']);
  });
});

describe('RoleUpdateSchema', () => {
  it('accepts any casing and stores the lower-case role', () => {
    expect(RoleUpdateSchema.parse({ role: ' ADMIN ' })).toEqual({ role: 'admin' });
    expect(RoleUpdateSchema.parse({ role: 'Restaurant' })).toEqual({ role: 'restaurant' });
  });

  it('refuses a role that does not exist', () => {
    expect(RoleUpdateSchema.safeParse({ role: 'owner' }).success).toBe(false);
    expect(RoleUpdateSchema.safeParse({ role: 3 }).success).toBe(false);
  });
});

describe('ProfileUpdateSchema', () => {
  it('refuses a blank name but lets the name be left out', () => {
    expect(errors(ProfileUpdateSchema.safeParse({ name: '  ' }))).toEqual(['name: Name is required']);
    expect(ProfileUpdateSchema.parse({ phone: ' 555 ' })).toEqual({ phone: '555' });
  });

  it('drops fields a user may not edit (role, e-mail)', () => {
    expect(ProfileUpdateSchema.parse({ name: 'Ada', role: 'admin', email: 'x@y.z' })).toEqual({ name: 'Ada' });
  });
});

describe('photoURL', () => {
  const own = '/images/5f0c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
  const foreign = 'Please upload the image here; links to other sites are not accepted.';
  const issues = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map(issueText) ?? [];

  it('refuses a foreign photo at registration and in a profile edit', () => {
    const base = { name: 'Ada', email: 'ada@example.test', password: 'correct horse battery' };
    expect(issues(RegisterSchema.safeParse({ ...base, photoURL: 'javascript:alert(1)' }))).toEqual([foreign]);
    expect(issues(ProfileUpdateSchema.safeParse({ photoURL: 'https://tracker.example/x.gif' }))).toEqual([foreign]);
    expect(RegisterSchema.parse({ ...base, photoURL: own }).photoURL).toBe(own);
    expect(ProfileUpdateSchema.parse({ photoURL: `${own}?w=96` }).photoURL).toBe(`${own}?w=96`);
  });

  it('drops a foreign photo at upsert instead of refusing the sign-in', () => {
    expect(UserUpsertSchema.parse({ name: 'Ada', photoURL: 'https://lh3.googleusercontent.com/a/x' })).toEqual({ name: 'Ada', photoURL: undefined });
    expect(UserUpsertSchema.parse({ photoURL: own }).photoURL).toBe(own);
  });
});
