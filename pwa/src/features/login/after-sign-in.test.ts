import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useSession } from '@/lib/auth/session-store';
import { useGoBack } from './after-sign-in';

const navigate = vi.fn(async () => {});
const replace = vi.fn();

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  useRouter: () => ({ history: { replace } }),
}));

const ada = { id: 'u1', email: 'ada@example.com', name: 'Ada' };

beforeEach(() => {
  navigate.mockClear();
  replace.mockClear();
  useSession.setState({ user: null, role: 'user', loading: false, ready: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useGoBack', () => {
  it('returns to the whole href the visitor came from, through the history', async () => {
    useSession.getState().setSession(ada);
    const { result } = renderHook(() => useGoBack('/donations?q=bread#list'));

    await result.current();
    expect(replace.mock.calls).toEqual([['/donations?q=bread#list']]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes home, replacing the sign-in page, when there is nowhere to return to', async () => {
    useSession.getState().setSession(ada);
    const { result } = renderHook(() => useGoBack(undefined));

    await result.current();
    expect(navigate.mock.calls).toEqual([[{ to: '/', replace: true }]]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('waits for the session to hold the user before leaving (else the guard would bounce back to /login)', async () => {
    const { result } = renderHook(() => useGoBack('/dashBoard'));

    const done = result.current();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replace).not.toHaveBeenCalled();

    useSession.getState().setSession(ada);
    await done;
    expect(replace.mock.calls).toEqual([['/dashBoard']]);
  });

  it('leaves after 5 seconds even if the session never fills', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useGoBack('/dashBoard'));

    const done = result.current();
    await vi.advanceTimersByTimeAsync(4999);
    expect(replace).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(replace.mock.calls).toEqual([['/dashBoard']]);
  });
});
