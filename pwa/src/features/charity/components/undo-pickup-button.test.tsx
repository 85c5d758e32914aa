import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useConnectivity } from '@/lib/connectivity-store';
import { useSyncStore } from '@/lib/db/sync-store';
import { json, stubServer } from '@/testing/server';
import { isUndoable } from '../pickup-undo';
import { UndoPickupButton } from './undo-pickup-button';

const picked = (minutesAgo: number): PickupItem => {
  const d = createDonation({ status: 'Picked', pickupDate: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
  return { ...d, donationTitle: d.title };
};

afterEach(() => {
  vi.useRealTimers();
  useConnectivity.setState({ online: true });
});

describe('Undo pickup', () => {
  it('is offered for ten minutes after the confirmation, by the device’s clock', () => {
    expect(isUndoable(picked(1))).toBe(true);
    expect(isUndoable(picked(11))).toBe(false);
    expect(isUndoable({ status: 'Accepted' })).toBe(false);
  });

  it('sends DELETE /donations/pickup/{id}, forgets the confirmation made here, and says so', async () => {
    const item = picked(2);
    useSyncStore.setState({ confirmed: { [item._id]: true } });
    const server = stubServer({ [`DELETE /donations/pickup/${item._id}`]: () => json(200, { modifiedCount: 1, donation: { ...item, status: 'Accepted' } }) });
    const onUndone = vi.fn();
    render(<UndoPickupButton item={item} online onUndone={onUndone} onFailed={vi.fn()} />);
    expect(screen.getByText('Confirmed by mistake? You can undo it for 10 minutes.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `Undo pickup ${item.donationTitle}` })));
    expect(server.sent()).toEqual([`DELETE /donations/pickup/${item._id}`]);
    expect(onUndone).toHaveBeenCalledWith(item);
    expect(useSyncStore.getState().confirmed[item._id]).toBeUndefined();
  });

  it('says it needs a connection offline, and sends nothing', async () => {
    useConnectivity.setState({ online: false });
    const server = stubServer({});
    render(<UndoPickupButton item={picked(2)} online={false} onUndone={vi.fn()} onFailed={vi.fn()} />);
    const button = screen.getByRole('button', { name: /^Undo pickup/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Undoing a pickup needs a connection.')).toBeTruthy();
    await act(async () => fireEvent.click(button));
    expect(server.sent()).toEqual([]);
  });

  it('goes by itself when the ten minutes are over', () => {
    vi.useFakeTimers();
    render(<UndoPickupButton item={picked(9.5)} online onUndone={vi.fn()} onFailed={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /^Undo pickup/ })).not.toBeNull();
    act(() => vi.advanceTimersByTime(31_000));
    expect(screen.queryByRole('button', { name: /^Undo pickup/ })).toBeNull();
  });
});
