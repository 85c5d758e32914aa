import { describe, expect, it } from 'vitest';
import { issueText } from '../errors.ts';
import { EmailSchema, IdSchema, ImageUrlSchema, requiredText } from './common.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map(issueText) ?? [];

describe('IdSchema', () => {
  it('accepts a UUID in either case and refuses anything else with "Invalid id"', () => {
    expect(IdSchema.safeParse('0b6c1f3e-6f0a-4d55-9a43-1d2f3c4b5a69').success).toBe(true);
    expect(IdSchema.safeParse('0B6C1F3E-6F0A-4D55-9A43-1D2F3C4B5A69').success).toBe(true);
    expect(messages(IdSchema.safeParse('507f1f77bcf86cd799439011'))).toEqual(['Invalid id']);
    expect(messages(IdSchema.safeParse("1' OR '1'='1"))).toEqual(['Invalid id']);
    expect(messages(IdSchema.safeParse(42))).toEqual(['Invalid id']);
  });
});

describe('requiredText', () => {
  const title = requiredText('validation/title-required', 5);

  it('trims, and gives the field its own message when blank or missing', () => {
    expect(title.parse('  Bread ')).toBe('Bread');
    expect(messages(title.safeParse('   '))).toEqual(['Title is required']);
    expect(messages(title.safeParse(undefined))).toEqual(['Title is required']);
    expect(messages(title.safeParse(7))).toEqual(['Title is required']);
  });

  it('counts the length after trimming, up to and including the limit', () => {
    expect(title.parse(' 12345 ')).toBe('12345');
    expect(messages(title.safeParse('123456'))).toEqual(['At most 5 characters']);
  });
});

describe('EmailSchema', () => {
  it('stores the address trimmed and in lower case, whatever casing was typed', () => {
    expect(EmailSchema.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it("says 'required' for a missing or blank address and 'valid' for a malformed one", () => {
    expect(messages(EmailSchema.safeParse(undefined))).toEqual(['Email is required']);
    expect(messages(EmailSchema.safeParse('  '))).toEqual(['Email is required']);
    expect(messages(EmailSchema.safeParse('ada@'))).toEqual(['Please enter a valid email address']);
    expect(messages(EmailSchema.safeParse('ada lovelace@example.com'))).toEqual(['Please enter a valid email address']);
  });
});

describe('ImageUrlSchema', () => {
  const own = '/images/5f0c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
  const foreign = 'Please upload the image here; links to other sites are not accepted.';

  it('accepts our own image endpoint, with or without a variant width', () => {
    expect(ImageUrlSchema.parse(own)).toBe(own);
    expect(ImageUrlSchema.parse(`${own}?w=320`)).toBe(`${own}?w=320`);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'https://tracker.example/x.gif',
    '//evil.example/x',
    '/images/../x',
    `https://evil.example${own}`,
    `${own}?w=320&track=1`,
  ])('refuses %s', (url) => {
    expect(messages(ImageUrlSchema.safeParse(url))).toEqual([foreign]);
  });

  it('keeps the spec message for a missing image', () => {
    expect(messages(ImageUrlSchema.safeParse(''))).toEqual(['Please upload an image first.']);
  });
});
