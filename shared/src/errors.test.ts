import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { code } from './error-code.ts';
import { ERROR_MESSAGE_IDS, ERRORS, errorPlaceholders, errorText, isErrorCode, issueError, issueText, type ErrorCode } from './errors.ts';
import { MSG } from './messages.ts';
import { DonationCreateSchema } from './schemas/donation.ts';
import { PickupReportSchema } from './schemas/impact.ts';
import { PushSubscriptionJsonSchema } from './schemas/push.ts';

const CODES = Object.keys(ERRORS) as ErrorCode[];

describe('errorText', () => {
  it("gives a code's English sentence, its varying parts filled in", () => {
    expect(errorText('validation/title-required')).toBe(MSG.titleRequired);
    expect(errorText('validation/text-too-long', { max: 120 })).toBe('At most 120 characters');
    expect(errorText('donations/not-pending', { verb: 'rejected', status: 'Picked' })).toBe('Only Pending donations can be rejected (this one is Picked).');
    expect(errorText('donations/unknown-status', { shown: '', allowed: 'Pending, Accepted' })).toBe('Unknown status. Use one of: Pending, Accepted.');
  });

  it('leaves a part without a value as it is written, and refuses what is not a code', () => {
    expect(errorText('validation/text-too-long')).toBe('At most {max} characters');
    // @ts-expect-error A sentence is not a code.
    expect(() => errorText('Title is required')).toThrow(/Not an error code/);
  });
});

describe('issueError: the code a schema gave an issue, and its values from the issue', () => {
  it('takes max from a too_big, params from a custom issue and allowed from an enum', () => {
    const [tooLong] = DonationCreateSchema.safeParse({ title: 'x'.repeat(121) }).error!.issues;
    expect(issueError(tooLong!)).toEqual({ code: 'validation/text-too-long', values: { max: 120 } });
    expect(issueText(tooLong!)).toBe('At most 120 characters');
    const reason = PickupReportSchema.safeParse({ weightKg: 0, outcome: 'none', reason: 'Lost' }).error!.issues;
    expect(reason.map(issueError)).toEqual([{ code: 'validation/reason-invalid', values: { allowed: 'No food left, Food not safe, Nobody there, Other' } }]);
    const keys = PushSubscriptionJsonSchema.safeParse({ endpoint: 'https://push.example/x', keys: { p256dh: 'a!', auth: 'x'.repeat(22) } }).error!.issues;
    expect(keys.map(issueText)).toEqual(['keys.p256dh must be base64url text', 'keys.p256dh must be 65 bytes']);
  });

  it('gives no values to a sentence without parts, and nothing for an issue in zod’s own words', () => {
    expect(issueError({ message: code('validation/title-required'), minimum: 1 })).toEqual({ code: 'validation/title-required' });
    expect(issueError({ message: 'Invalid input: expected string, received number' })).toBeUndefined();
    expect(issueText({ message: 'Invalid input: expected string, received number' })).toBe('Invalid input: expected string, received number');
  });
});

describe('the table', () => {
  it("gives each code the id error.<code>, and says one code's sentence once", () => {
    for (const [code, { id }] of Object.entries(ERRORS)) expect(id).toBe(`error.${code}`);
    expect(ERROR_MESSAGE_IDS['auth/invalid-credential']).toBe('error.auth/invalid-credential');
    const sentences = Object.values(ERRORS).map((e) => e.message);
    expect(sentences.filter((s, i) => sentences.indexOf(s) !== i)).toEqual([]);
  });

  it('writes every varying part of a sentence as a well-formed {name}, and no other brace', () => {
    for (const code of CODES) {
      const text = errorText(code);
      expect(text.replace(/\{\w+\}/g, ''), code).not.toMatch(/[{}]/);
      const names = errorPlaceholders(code);
      expect(new Set(names).size, code).toBe(names.length);
    }
  });

  it('has every code in each language’s catalogue, the English one saying the sentence', () => {
    const locales = readdirSync(join(import.meta.dirname, 'locales'));
    expect(locales).toEqual(expect.arrayContaining(['en', 'es', 'ar']));
    for (const locale of locales) {
      const po = readFileSync(join(import.meta.dirname, 'locales', locale, 'errors.po'), 'utf8');
      const catalogue = new Map([...po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => [JSON.parse(`"${m[1]}"`), JSON.parse(`"${m[2]}"`)]));
      for (const code of CODES) {
        const translation = catalogue.get(`error.${code}`);
        if (locale === 'en') expect(translation, code).toBe(ERRORS[code].message);
        else expect(translation?.trim(), `${locale}: ${code}`).toBeTruthy();
      }
      // ...and the compiled catalogue the app and the server load has them too.
      const compiled = readFileSync(join(import.meta.dirname, 'locales', locale, 'errors.ts'), 'utf8');
      for (const code of CODES) expect(compiled.includes(`"error.${code}"`) || compiled.includes(`\\"error.${code}\\"`), `${locale} (compiled): ${code}`).toBe(true);
    }
  });

  it('tells its codes from others', () => {
    expect(isErrorCode('auth/too-many-requests')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('the shared schemas', () => {
  it('give codes as their messages, never a sentence', () => {
    const dir = join(import.meta.dirname, 'schemas');
    const sentences = readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .flatMap((name) =>
        [...readFileSync(join(dir, name), 'utf8').matchAll(/\b(?:message|error):\s*(?:\([^)]*\)\s*=>[^,}]*?)?(['"`])((?:\\.|(?!\1).)*)\1/g)]
          .filter((m) => !isErrorCode(m[2]))
          .map((m) => `${name}: ${m[2]}`),
      );
    expect(sentences).toEqual([]);
  });
});
