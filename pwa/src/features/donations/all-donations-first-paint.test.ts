import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_KEY } from '@/lib/auth/identity';
import { SESSION_KEY } from '@/lib/auth/local-tokens';
import { REMEMBERED_VIEW_KEY } from './map/remembered-view';

// The script the server's /allDonations page loads before anything paints (sync-server/src/http/all-donations-first-paint.ts):
// it reads the app's own keys, written here by their owners' names so that a renamed key fails this test.
const script = readFileSync(join(import.meta.dirname, '../../../public/all-donations-first-paint.js'), 'utf8');
const shown = () => {
  document.documentElement.classList.remove('all-donations-first-paint');
  new Function(script)();
  return document.documentElement.classList.contains('all-donations-first-paint');
};

describe("All Donations' first screen, before the app runs", () => {
  afterEach(() => localStorage.clear());

  it("is shown to a visitor, whose list is the server's newest first", () => {
    expect(shown()).toBe(true);
    localStorage.setItem(REMEMBERED_VIEW_KEY, 'list');
    expect(shown()).toBe(true);
  });

  it('is not shown to an account (its list comes from its own store) nor over a remembered map', () => {
    localStorage.setItem(SESSION_KEY, '{}');
    expect(shown()).toBe(false);
    localStorage.clear();
    localStorage.setItem(ROLE_KEY, 'charity');
    expect(shown()).toBe(false);
    localStorage.clear();
    localStorage.setItem(REMEMBERED_VIEW_KEY, 'map');
    expect(shown()).toBe(false);
  });
});
