import { describe, expect, it } from 'vitest';
import { pendingFirst } from './manage-donations';

const row = (id: string, status: string) => ({ _id: id, status });

describe('pendingFirst', () => {
  it('puts the donations waiting for a decision first, each group in the order it came', () => {
    const list = [row('a', 'Verified'), row('b', 'Pending'), row('c', 'Picked'), row('d', 'Pending'), row('e', 'Rejected')];
    expect(pendingFirst(list).map((d) => d._id)).toEqual(['b', 'd', 'a', 'c', 'e']);
  });

  it('keeps a donation just decided in its place until the next load', () => {
    const list = [row('a', 'Verified'), row('b', 'Verified'), row('c', 'Pending')];
    expect(pendingFirst(list, new Set(['b'])).map((d) => d._id)).toEqual(['b', 'c', 'a']);
  });
});
