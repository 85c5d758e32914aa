import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { acceptQuestion, mayMarkNotCollected } from './requested-donations';

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

describe('mayMarkNotCollected', () => {
  const now = Date.parse('2026-12-07T20:00:00Z');
  const waiting = { status: 'Accepted' as const, donationStatus: 'Accepted' as const };
  it('offers it once the window (or best before) is over, while the pickup is still awaited', () => {
    expect(mayMarkNotCollected({ ...waiting, collectBy: '2026-12-07T19:59:00Z' }, now)).toBe(true);
    expect(mayMarkNotCollected({ ...waiting, collectBy: '2026-12-07T20:30:00Z' }, now)).toBe(false);
    // Without a window or best before, whenever the restaurant stops waiting.
    expect(mayMarkNotCollected(waiting, now)).toBe(true);
    expect(mayMarkNotCollected({ ...waiting, donationStatus: 'Assigned' }, now)).toBe(true);
  });
  it('not for a collected pickup, nor for a request that was not the accepted one', () => {
    expect(mayMarkNotCollected({ ...waiting, donationStatus: 'Picked' }, now)).toBe(false);
    expect(mayMarkNotCollected({ status: 'Pending', donationStatus: 'Verified' }, now)).toBe(false);
  });
});
