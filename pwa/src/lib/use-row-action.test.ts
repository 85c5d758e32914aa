import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { notify } from './notify';
import { useRowAction } from './use-row-action';

vi.mock('./notify', () => ({ notify: { error: vi.fn() } }));

describe('useRowAction', () => {
  it('marks the row busy while its action runs, then frees it', async () => {
    const { result } = renderHook(() => useRowAction<string>());
    let finish!: () => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current.run('d1', () => new Promise<void>((resolve) => (finish = resolve)), 'Failed to verify donation.');
    });
    expect(result.current.busy).toBe('d1');

    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.busy).toBeNull();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("shows the spec's error toast with the action's own text on failure, and frees the row", async () => {
    const { result } = renderHook(() => useRowAction<string>());
    await act(() => result.current.run('d2', () => Promise.reject(new Error('500')), 'Failed to delete donation.'));
    expect(vi.mocked(notify.error).mock.calls).toEqual([['Error', 'Failed to delete donation.']]);
    expect(result.current.busy).toBeNull();
  });
});
