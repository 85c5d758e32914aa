import { describe, expect, it } from 'vitest';
import { ROLES } from '@foodbridge/shared/constants';
import { PUSH_SWITCHABLE_KINDS } from '@foodbridge/shared/schemas/push';
import { KIND_LABELS, kindGroups, toggleKind } from './kind-groups';

describe('kindGroups', () => {
  it('gives every kind a label, and every switchable kind to at least one role', () => {
    expect(Object.keys(KIND_LABELS).sort()).toEqual([...PUSH_SWITCHABLE_KINDS].sort());
    const shown = new Set(ROLES.flatMap((role) => kindGroups(role).flatMap((g) => g.kinds)));
    expect([...shown].sort()).toEqual([...PUSH_SWITCHABLE_KINDS].sort());
  });

  it("shows each role the kinds it receives, and not another role's", () => {
    const kinds = (role: (typeof ROLES)[number]) => kindGroups(role).flatMap((g) => g.kinds);
    expect(kinds('admin')).toContain('donation.awaiting-verification');
    expect(kinds('restaurant')).toEqual(expect.arrayContaining(['request.made', 'pickup.confirmed', 'reminder.unrequested']));
    expect(kinds('restaurant')).not.toContain('donation.awaiting-verification');
    expect(kinds('charity')).toEqual(expect.arrayContaining(['request.accepted', 'donation.nearby', 'reminder.pickup-soon']));
    expect(kinds('charity')).not.toContain('request.made');
    expect(kinds('user')).toEqual(expect.arrayContaining(['charity-role.approved', 'charity-role.rejected']));
    for (const role of ROLES) {
      const all = kinds(role);
      expect(new Set(all).size, role).toBe(all.length);
      expect(all).not.toContain('test');
    }
  });
});

describe('toggleKind', () => {
  it('adds a kind switched off, removes one switched on, and keeps kinds the screen does not show', () => {
    expect(toggleKind(['donation.nearby'], 'request.accepted', false)).toEqual(['donation.nearby', 'request.accepted']);
    expect(toggleKind(['donation.nearby', 'request.made'], 'donation.nearby', true)).toEqual(['request.made']);
    expect(toggleKind(['request.made'], 'request.made', false)).toEqual(['request.made']);
    expect(toggleKind([], 'request.made', true)).toEqual([]);
  });
});
