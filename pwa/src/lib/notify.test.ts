import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, notify, useToaster } from './notify';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

// sonner is imported on the first toast: wait for that import and the call after it.
const settled = () => vi.waitFor(() => expect(Object.values(toast).some((fn) => fn.mock.calls.length > 0)).toBe(true));

describe('notify', () => {
  beforeEach(() => vi.clearAllMocks());

  it('mounts the toaster on the first toast and shows the title with its text', async () => {
    expect(useToaster.getState().mounted).toBe(false);
    notify.error('Error', 'Failed to delete donation.');
    expect(useToaster.getState().mounted).toBe(true);
    await settled();
    expect(toast.error.mock.calls).toEqual([['Error', { description: 'Failed to delete donation.' }]]);
  });

  it('shows the sign-in success toast for the short time of the spec', async () => {
    notify.authSuccess('Login Successfully');
    await settled();
    expect(toast.success.mock.calls).toEqual([['Login Successfully', { duration: 1500 }]]);
  });

  it('passes the button of a toast with an action', async () => {
    const onClick = () => {};
    notify.successWithAction('Registration Successful', 'Welcome!', { label: 'Go to Home', onClick });
    await settled();
    expect(toast.success.mock.calls).toEqual([
      ['Registration Successful', { description: 'Welcome!', action: { label: 'Go to Home', onClick } }],
    ]);
  });
});

describe('errorMessage', () => {
  it("uses an error's own message, or the fallback when there is none", () => {
    expect(errorMessage(new Error('You have already requested this donation.'), 'Request failed')).toBe(
      'You have already requested this donation.',
    );
    expect(errorMessage(new Error(''), 'Request failed')).toBe('Request failed');
    expect(errorMessage('a string thrown', 'Request failed')).toBe('Request failed');
    expect(errorMessage({ message: 'not an Error' }, 'Request failed')).toBe('Request failed');
  });
});
