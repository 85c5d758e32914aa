import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmActionButton } from './confirm-action-button';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function deferred() {
  let settle!: { resolve: () => void; reject: (err: Error) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

function renderButton(action: () => Promise<void>) {
  render(
    <ConfirmActionButton
      title="Remove from favorites?"
      description="Soup will be removed."
      confirmLabel="Yes, remove it"
      action={action}
      busyLabel="Removing..."
      failure="Failed to remove favorite"
    >
      Remove
    </ConfirmActionButton>,
  );
}

const trigger = () => screen.getByRole('button', { name: /^(Remove|Removing\.\.\.)$/ }) as HTMLButtonElement;

function confirm() {
  fireEvent.click(trigger());
  fireEvent.click(screen.getByRole('button', { name: 'Yes, remove it' }));
}

describe('ConfirmActionButton', () => {
  beforeEach(() => vi.clearAllMocks());

  it('runs nothing until the action is confirmed', () => {
    const action = vi.fn(() => Promise.resolve());
    renderButton(action);
    fireEvent.click(trigger());
    expect(screen.getByRole('alertdialog').textContent).toContain('Soup will be removed.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(action).not.toHaveBeenCalled();
  });

  it('is disabled and says what it is doing until the action settles', async () => {
    const work = deferred();
    renderButton(() => work.promise);
    confirm();
    expect(trigger().textContent).toBe('Removing...');
    expect(trigger().disabled).toBe(true);

    await act(async () => work.resolve());
    expect(trigger().textContent).toBe('Remove');
    expect(trigger().disabled).toBe(false);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('toasts a failure with its reason and can be tried again', async () => {
    const action = vi.fn(() => Promise.reject(new Error('The favourite is already gone.')));
    renderButton(action);
    confirm();
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.error.mock.calls).toEqual([['Failed to remove favorite', { description: 'The favourite is already gone.' }]]);
    expect(trigger().disabled).toBe(false);
    confirm();
    expect(action).toHaveBeenCalledTimes(2);
  });
});
