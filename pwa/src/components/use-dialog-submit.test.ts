import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
import { useDialogSubmit } from './use-dialog-submit';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function setup() {
  const parent = { onOpenChange: vi.fn(), onSubmitted: vi.fn() };
  const { result } = renderHook(() => useDialogSubmit(parent));
  return { parent, result };
}

describe('useDialogSubmit', () => {
  beforeEach(() => vi.clearAllMocks());

  it('tells the parent and closes once the work is done', async () => {
    const { parent, result } = setup();
    const calls: string[] = [];
    parent.onSubmitted.mockImplementation(() => calls.push('submitted'));
    parent.onOpenChange.mockImplementation((open: boolean) => calls.push(`open ${open}`));

    await act(() => result.current.send(async () => void calls.push('work'), 'Failed to submit review.'));
    expect(calls).toEqual(['work', 'submitted', 'open false']);
    expect(result.current.submitting).toBe(false);
  });

  it('stays open and locked while the work runs', async () => {
    const { parent, result } = setup();
    let finish!: () => void;
    let sending!: Promise<void>;
    act(() => {
      sending = result.current.send(() => new Promise<void>((resolve) => (finish = resolve)), 'Failed to submit review.');
    });
    expect(result.current.submitting).toBe(true);
    expect(result.current.dialog).toMatchObject({ open: true, submitDisabled: true, cancelDisabled: true });
    result.current.dialog.onOpenChange(false);
    expect(parent.onOpenChange).not.toHaveBeenCalled();

    await act(async () => {
      finish();
      await sending;
    });
    expect(result.current.dialog).toMatchObject({ submitDisabled: false, cancelDisabled: false });
  });

  it('lets the dialog close when nothing is being sent', () => {
    const { parent, result } = setup();
    result.current.dialog.onOpenChange(false);
    expect(parent.onOpenChange.mock.calls).toEqual([[false]]);
  });

  it("shows the server's reason for a refusal and keeps the form open", async () => {
    const { parent, result } = setup();
    await act(() =>
      result.current.send(() => Promise.reject(new ApiError(400, 'You already reviewed this donation.')), 'Failed to submit review.'),
    );
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.error.mock.calls).toEqual([['Failed to submit review.', { description: 'You already reviewed this donation.' }]]);
    expect(parent.onSubmitted).not.toHaveBeenCalled();
    expect(parent.onOpenChange).not.toHaveBeenCalled();
    expect(result.current.submitting).toBe(false);
  });

  it('keeps a server fault to the plain failure text', async () => {
    const { result } = setup();
    await act(() => result.current.send(() => Promise.reject(new ApiError(500, 'relation "reviews" does not exist')), 'Failed to submit review.'));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.error.mock.calls).toEqual([['Failed to submit review.', { description: undefined }]]);
  });
});
