import { describe, expect, it } from 'vitest';
import { readMembership, rememberMembership } from './remembered-membership';

describe('the membership kept on the device', () => {
  it("is read back for its own account only, and forgotten when the account leaves its charity", () => {
    rememberMembership('driver-1', { role: 'driver', email: 'charity@example.test' });
    expect(readMembership('driver-1')).toEqual({ role: 'driver', email: 'charity@example.test' });
    expect(readMembership('someone-else')).toBeUndefined();
    expect(readMembership(undefined)).toBeUndefined();

    rememberMembership('driver-1', undefined);
    expect(readMembership('driver-1')).toBeUndefined();
  });

  it('takes nothing unreadable for a membership', () => {
    localStorage.setItem('foodbridge.membership.driver-1', '{"role":"driver"}');
    expect(readMembership('driver-1')).toBeUndefined();
    localStorage.setItem('foodbridge.membership.driver-1', 'not json');
    expect(readMembership('driver-1')).toBeUndefined();
  });
});
