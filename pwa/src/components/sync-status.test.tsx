import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useSession } from '@/lib/auth/session-store';
import { useConnectivity } from '@/lib/connectivity-store';
import { useSyncStore } from '@/lib/db/sync-store';
import { checkServer } from '@/lib/server-reach';
import { json, offline, stubServer } from '@/testing/server';
import { SyncStatus } from './sync-status';

const line = () => screen.getByTestId('sync-status').textContent;

beforeEach(() => {
  // Signed in, but the saved session not yet checked: the local store stays closed, and the line still shows.
  useSession.setState({ user: { id: 'u1', email: 'driver@charity.test', name: 'Driver' }, ready: false });
  useSyncStore.setState({ pendingPickups: 0, lastError: null, lastSyncedAt: null });
});

afterEach(() => {
  useSession.setState({ user: null });
  useConnectivity.setState({ online: true, reachable: true });
});

describe('SyncStatus', () => {
  it("says the server cannot be reached, with what waits, and never 'Online' beside it", () => {
    useConnectivity.setState({ online: true, reachable: false });
    useSyncStore.setState({ pendingPickups: 1 });
    stubServer({ 'GET /healthz': offline });
    render(<SyncStatus />);
    expect(line()).toBe("Can't reach FoodBridge - 1 pickup waiting, will retryNot synced yet");
  });

  it('asks the server whether it answers when a pickup waits online, and says what it found', async () => {
    useSyncStore.setState({ pendingPickups: 2 });
    const server = stubServer({ 'GET /healthz': offline });
    render(<SyncStatus />);
    expect(line()).toContain('Online');
    await waitFor(() => expect(line()).toContain("Can't reach FoodBridge - 2 pickups waiting, will retry"));
    expect(line()).not.toContain('Online');
    expect(server.sent()).toEqual(['GET /healthz']);
  });

  it("shows a sync problem in place of 'Online' while the server answers", async () => {
    useSyncStore.setState({ lastError: 'You may not read this collection.' });
    stubServer({ 'GET /healthz': () => json(200, { status: 'ok' }) });
    render(<SyncStatus />);
    await waitFor(() => expect(useConnectivity.getState().reachable).toBe(true));
    expect(line()).toBe('Sync problem: You may not read this collection.Not synced yet');
  });

  it('says Offline with the pickups waiting when the device has no network', () => {
    useConnectivity.setState({ online: false, reachable: false });
    useSyncStore.setState({ pendingPickups: 1 });
    render(<SyncStatus />);
    expect(line()).toBe('Offline1 pickup waiting to syncNot synced yet');
  });
});

describe('checkServer', () => {
  it('counts a gateway 502 as no answer and the liveness answer as reached, one request for concurrent asks', async () => {
    const server = stubServer({
      'GET /healthz': () => json(502, {}),
    });
    expect(await Promise.all([checkServer(), checkServer()])).toEqual([false, false]);
    expect(server.sent()).toEqual(['GET /healthz']);
    expect(useConnectivity.getState().reachable).toBe(false);
  });

  it('marks the server reachable again once it answers', async () => {
    useConnectivity.setState({ reachable: false });
    stubServer({ 'GET /healthz': () => json(200, { status: 'ok' }) });
    expect(await checkServer()).toBe(true);
    expect(useConnectivity.getState().reachable).toBe(true);
  });
});
