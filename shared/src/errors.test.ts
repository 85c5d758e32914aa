import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGE_IDS, ERRORS, errorOf, isErrorCode } from './errors.ts';
import { MSG } from './messages.ts';

describe('errorOf', () => {
  it('finds the code of a sentence said whole, the form rules among them', () => {
    expect(errorOf(MSG.titleRequired)).toEqual({ code: 'validation/title-required' });
    expect(errorOf('This donation has expired.')).toEqual({ code: 'donations/expired' });
  });

  it('finds the code of a sentence with varying parts, and gives the parts (whole numbers as numbers)', () => {
    expect(errorOf('At most 120 characters')).toEqual({ code: 'validation/text-too-long', values: { max: 120 } });
    expect(errorOf('Only Pending donations can be rejected (this one is Picked).')).toEqual({
      code: 'donations/not-pending',
      values: { verb: 'rejected', status: 'Picked' },
    });
    expect(errorOf("Unknown status 'done'. Use one of: Pending, Accepted.")).toEqual({
      code: 'donations/unknown-status',
      values: { shown: " 'done'", allowed: 'Pending, Accepted' },
    });
  });

  it('knows nothing of a sentence the table lacks, nor of a near miss', () => {
    expect(errorOf('Something nobody wrote down')).toBeUndefined();
    expect(errorOf('Title is required!')).toBeUndefined();
  });
});

describe('the table', () => {
  it("gives each code the id error.<code>, and says one code's sentence once", () => {
    for (const [code, { id }] of Object.entries(ERRORS)) expect(id).toBe(`error.${code}`);
    expect(ERROR_MESSAGE_IDS['auth/invalid-credential']).toBe('error.auth/invalid-credential');
    const sentences = Object.values(ERRORS).map((e) => e.message);
    expect(sentences.filter((s, i) => sentences.indexOf(s) !== i)).toEqual([]);
  });

  it('tells its codes from others', () => {
    expect(isErrorCode('auth/too-many-requests')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
