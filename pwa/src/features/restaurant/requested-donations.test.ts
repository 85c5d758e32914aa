import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { acceptQuestion } from './requested-donations';

describe('acceptQuestion', () => {
  it('names how many other requests an accept declines, singular and plural right', () => {
    expect(acceptQuestion(i18n, 3).title).toBe('Accept this request? The other 3 requests will be declined.');
    expect(acceptQuestion(i18n, 1).title).toBe('Accept this request? The other request will be declined.');
    expect(acceptQuestion(i18n, 1).description).toContain('the other charity is told no');
  });

  it('says nothing about others when there are none', () => {
    expect(acceptQuestion(i18n, 0).title).toBe('Accept this request?');
    expect(acceptQuestion(i18n, 0).description).not.toMatch(/other/);
  });
});
