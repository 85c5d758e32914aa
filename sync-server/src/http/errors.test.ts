// Issue 13: every refusal carries a stable code beside its English sentence, so the app can say it in its reader's
// language. Code first (issue 44): a refusal is raised by its code (shared/src/errors.ts), its sentence comes from the
// table; the types refuse a sentence where a code belongs, and the scan at the end checks every place that refuses.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERRORS, isErrorCode } from '@foodbridge/shared';
import { createDonationInput, createDonationRequestInput, createLoginInput } from '@foodbridge/shared/testing/factories';
import { createUsers, postDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { ApiError, badRequest, errorResponse } from './errors.ts';

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let charity: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, charity, user] = await createUsers(t, ['admin', 'restaurant', 'charity', 'user']);
});
afterAll(() => t?.close());

const MISSING_ID = '7f3c2a4e-1b2d-4c5e-8f90-1a2b3c4d5e6f';

describe('error answers carry their code', () => {
  it('a failed validation: the form rule’s code, also on each issue', async () => {
    const res = await t.post('/donations', createDonationInput({ title: '  ' }), restaurant.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Title is required', code: 'validation/title-required' });
    expect(res.body.issues[0]).toMatchObject({ path: ['title'], message: 'Title is required', code: 'validation/title-required' });
  });

  it('a rule with a limit in it: the limit comes as a value', async () => {
    const res = await t.post('/donations', createDonationInput({ title: 'x'.repeat(121) }), restaurant.token);
    expect(res.body).toMatchObject({ message: 'At most 120 characters', code: 'validation/text-too-long', values: { max: 120 } });
  });

  it('404s: the resource’s own code, and the unknown address’s', async () => {
    const missing = await t.get(`/donations/${MISSING_ID}`, user.token);
    expect([missing.status, missing.body]).toEqual([404, { message: 'Donation not found', code: 'not-found/donation' }]);
    const nowhere = await t.get('/no-such-route', user.token);
    expect([nowhere.status, nowhere.body]).toEqual([404, { message: 'Not found', code: 'not-found' }]);
  });

  it('403: a page the role may not open', async () => {
    const res = await t.get('/users', user.token);
    expect([res.status, res.body]).toEqual([403, { message: 'You do not have permission to view this page.', code: 'access/denied' }]);
  });

  it('401s: signed out, a bad token, wrong password', async () => {
    const signedOut = await t.get('/users/me');
    expect([signedOut.status, signedOut.body.code]).toEqual([401, 'auth/sign-in-required']);
    const badToken = await t.get('/users/me', 'not-a-token');
    expect([badToken.status, badToken.body.code]).toEqual([401, 'auth/invalid-id-token']);
    const login = await t.post('/auth/login', createLoginInput({ email: user.email, password: 'wrong-password' }));
    expect(login.body).toEqual({ message: 'Wrong e-mail or password.', code: 'auth/invalid-credential' });
  });

  it('409s: an expired donation, and one already judged (with its verb and status as values)', async () => {
    const id = await postDonation(t, restaurant, { bestBefore: new Date(Date.now() + 3600_000).toISOString() });
    await verifyDonation(t, admin, id);
    const again = await t.patch(`/donations/verify/${id}`, undefined, admin.token);
    expect([again.status, again.body]).toEqual([
      409,
      {
        message: 'Only Pending donations can be verified (this one is Verified).',
        code: 'donations/not-pending',
        values: { verb: 'verified', status: 'Verified' },
      },
    ]);
    await t.sql`UPDATE donations SET best_before = now() - interval '1 minute' WHERE id = ${id}`;
    const expired = await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), charity.token);
    expect([expired.status, expired.body]).toEqual([409, { message: 'This donation has expired.', code: 'donations/expired' }]);
  });

  it('429: a rate limit gives its wait as a number and a unit beside the sentence', async () => {
    // The registration's own e-mail counts: asking for another link at once is refused (one a minute per account).
    const res = await t.post('/auth/verification-email', {}, user.token);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('auth/too-many-requests');
    expect(res.body.message).toMatch(/^A link was sent a moment ago\. Please wait \d+ seconds? before asking for another one\.$/);
    expect(res.body.values).toEqual({ count: Number(res.headers.get('retry-after')), unit: 'second' });
  });

  it('zod’s own words (not a rule of ours) get the generic code with the field, and a Postgres refusal its own', async () => {
    const app = new Hono();
    app.onError(errorResponse);
    app.get('/zod', () => {
      z.object({ amount: z.number() }).parse({ amount: 'ten' });
      throw new Error('unreachable');
    });
    app.get('/pg', () => {
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    const zod = await app.request('/zod');
    expect(await zod.json()).toMatchObject({ code: 'validation/invalid', values: { field: 'amount' } });
    expect(await (await app.request('/pg')).json()).toEqual({ message: 'This already exists', code: 'request/already-exists' });
  });

  it('is raised by its code, with the sentence of the table; a sentence in its place does not compile', () => {
    const refusal = new ApiError(409, 'donations/not-pending', { status: 'Verified', verb: 'verified' });
    expect([refusal.status, refusal.message, refusal.body]).toEqual([
      409,
      'Only Pending donations can be verified (this one is Verified).',
      // The values in the order the sentence names them.
      { message: 'Only Pending donations can be verified (this one is Verified).', code: 'donations/not-pending', values: { verb: 'verified', status: 'Verified' } },
    ]);
    // @ts-expect-error A sentence is not a code (tsc fails here the day it is accepted).
    expect(() => badRequest('This donation has expired.')).toThrow(/Not an error code/);
    // @ts-expect-error Nor is a code the table lacks.
    expect(() => new ApiError(400, 'donations/no-such-code')).toThrow(/Not an error code/);
  });

  it("a code that stands for several sentences says the precise one (ApiError's option), keeping the code", () => {
    const refusal = new ApiError(401, 'auth/invalid-id-token', undefined, { message: 'Malformed Authorization header' });
    expect(refusal.body).toEqual({ message: 'Malformed Authorization header', code: 'auth/invalid-id-token' });
  });
});

describe('the table of codes', () => {
  it('gives every code an English message id, error.<code>, and an English sentence', () => {
    for (const [code, { id, message }] of Object.entries(ERRORS)) {
      expect(id, code).toBe(`error.${code}`);
      expect(message.trim(), code).not.toBe('');
    }
  });

  it('has each code’s English in the English catalogue, as the sentence, and a translation in every other language', () => {
    for (const locale of ['en', 'es', 'ar']) {
      const po = readFileSync(join(SRC, `../../shared/src/locales/${locale}/errors.po`), 'utf8');
      const catalogue = new Map([...po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => [JSON.parse(`"${m[1]}"`), JSON.parse(`"${m[2]}"`)]));
      for (const [code, { id, message }] of Object.entries(ERRORS)) {
        if (locale === 'en') expect(catalogue.get(id), code).toBe(message);
        else expect(catalogue.get(id)?.trim(), `${locale}: ${code}`).toBeTruthy();
      }
      expect(catalogue.size, locale).toBe(Object.keys(ERRORS).length);
    }
  });

  it('is what every place that refuses passes: a code of the table, never a sentence', () => {
    const raised = raisedTexts();
    // The scan sees the refusals (a check that it still reads the code as it is written).
    expect(raised.length).toBeGreaterThan(100);
    const notCodes = raised.filter(({ text }) => !isErrorCode(text));
    expect(notCodes.map(({ text, file }) => `${file}: ${text}`)).toEqual([]);
  });
});

// ---- The scan: the texts written at the places that refuse, in every source file of the server.

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' || name === 'bench' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const STRING = String.raw`'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|\x60(?:\\.|[^\x60\\])*\x60`;
/** A call that refuses, up to its code: the first argument, or the second after a status. */
const CALLS = [
  String.raw`\b(?:badRequest|conflict|unauthorized|notFound|errorBody|new ImageRejected)\(\s*`,
  String.raw`(?:\bnew ApiError|\brefuse)\(\s*[\w.?\s]+,\s*`,
  // A refusal written as an object (a limit's, a payment's): its code, unless it is a zod issue's.
  String.raw`(?<!addIssue\(\{\s*)\bcode:\s*(?=['"\x60])`,
];

/** The code argument: up to the first comma or closing bracket outside brackets and strings. */
function argumentAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      const literal = new RegExp(STRING, 'y');
      literal.lastIndex = i;
      i += (literal.exec(text)?.[0].length ?? 1) - 1;
    } else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && depth-- === 0) return text.slice(start, i);
    else if (ch === ',' && depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

/** Every string written as the code of a refusal (each branch of a `?:` too), and the file's constants it names. */
function raisedTexts(): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  for (const path of sourceFiles(SRC)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(SRC, path);
    /** The file's own constants, for a refusal that names one. */
    const constant = (name: string) => new RegExp(String.raw`const ${name}\s*=\s*(${STRING})`).exec(text)?.[1];
    for (const call of CALLS) {
      for (const m of text.matchAll(new RegExp(call, 'g'))) {
        const whole = argumentAt(text, m.index + m[0].length);
        // `cond ? 'a/code' : 'b/code'`: the branches are the codes, not what the condition compares.
        const argument = whole.includes(' ? ') ? whole.slice(whole.indexOf(' ? ') + 3) : whole;
        const literals = [...argument.matchAll(new RegExp(STRING, 'g'))].map((l) => l[0]);
        for (const name of argument.match(/\b[A-Z][A-Z0-9_]+\b/g) ?? []) literals.push(constant(name) ?? '');
        for (const literal of literals.filter(Boolean)) found.push({ file, text: literal.slice(1, -1) });
      }
    }
  }
  return found;
}
