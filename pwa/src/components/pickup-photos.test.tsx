import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { PickupPhoto } from '@foodbridge/shared/schemas/pickup-photo';
import { useLocalDatabase } from '@/lib/db/local-database';
import { usePhotoQueue, type PhotoOutbox, type PhotoSummary } from '@/lib/db/photo-outbox';
import { json, stubServer } from '@/testing/server';
import { PickupPhotoDisclosure, PickupPhotosSection } from './pickup-photos';
import { PhotoRefusals, PhotosWaiting } from './pickup-photos-status';

const PATH = 'GET /donations/d1/pickup-photos';

function photo(overrides: Partial<PickupPhoto> = {}): PickupPhoto {
  const id = overrides.id ?? 'p1';
  return {
    id,
    donationId: 'd1',
    url: `/pickup-photos/${id}?exp=1900000000&sig=abc`,
    width: 1600,
    height: 1200,
    contentType: 'image/webp',
    takenBy: 'Jordan Lee',
    createdAt: '2026-12-07T14:05:00.000Z',
    ...overrides,
  };
}

const settle = () => act(async () => {});

describe('PickupPhotosSection', () => {
  it('shows each photo as a thumbnail of the small variant, opening full size in a dialog', async () => {
    stubServer({ [PATH]: () => json(200, [photo(), photo({ id: 'p2', takenBy: null })]) });
    render(<PickupPhotosSection donationId="d1" />);
    expect(screen.getByRole('status', { name: 'Loading the pickup photos' })).not.toBeNull();
    await settle();

    expect(screen.getByRole('heading', { name: 'Pickup photos' })).not.toBeNull();
    const first = screen.getByRole('button', { name: 'Open photo 1 of 2 full size' });
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/pickup-photos/p1?exp=1900000000&sig=abc&w=320');
    expect(screen.getByText(/^Jordan Lee, /)).not.toBeNull();

    fireEvent.click(first);
    const dialog = screen.getByRole('dialog', { name: 'Pickup photo 1 of 2' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/pickup-photos/p1?exp=1900000000&sig=abc');
  });

  it('says when the pickup has no photos', async () => {
    stubServer({ [PATH]: () => json(200, []) });
    render(<PickupPhotosSection donationId="d1" />);
    await settle();

    expect(screen.getByText('No photos were added to this pickup.')).not.toBeNull();
  });

  it('a failure to load says so, with a retry that asks again', async () => {
    let answers = 0;
    const server = stubServer({ [PATH]: () => (++answers === 1 ? json(500, { message: 'Boom' }) : json(200, [photo()])) });
    render(<PickupPhotosSection donationId="d1" />);
    await settle();

    expect(screen.getByRole('alert').textContent).toContain('The pickup photos could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Open photo 1 of 1 full size' })).not.toBeNull();
    expect(server.sent()).toEqual([PATH, PATH]);
  });

  it('shows nothing to a viewer the server does not show them to', async () => {
    stubServer({ [PATH]: () => json(403, { message: 'Only the pickup’s restaurant, charity and admins see its photos.', code: 'pickups/photos-hidden' }) });
    const { container } = render(<PickupPhotosSection donationId="d1" />);
    await settle();

    expect(container.innerHTML).toBe('');
  });
});

describe('PickupPhotoDisclosure (a history entry)', () => {
  it('asks for the photos only when opened, and shows the entry’s own', async () => {
    const server = stubServer({ [PATH]: () => json(200, [photo(), photo({ id: 'p2' })]) });
    render(<PickupPhotoDisclosure donationId="d1" photoId="p2" />);
    expect(server.sent()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Show photo' }));
    await settle();

    expect(screen.getAllByRole('button', { name: /^Open photo/ }).map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual([
      '/pickup-photos/p2?exp=1900000000&sig=abc&w=320',
    ]);
    expect(screen.getByRole('button', { name: 'Hide photo' }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('photos waiting on the device', () => {
  const entry = (overrides: Partial<PhotoSummary>): PhotoSummary => ({
    id: 'x',
    account: 'a',
    donationId: 'd1',
    type: 'image/jpeg',
    size: 1000,
    offset: 0,
    createdAt: '2026-12-07T14:05:00.000Z',
    attempts: 0,
    state: 'pending',
    ...overrides,
  });

  it('a pickup says how many of its photos wait to upload, and nothing once none does', () => {
    usePhotoQueue.setState({ entries: [entry({ id: '1' }), entry({ id: '2' }), entry({ id: '3', donationId: 'd2' })] });
    const { rerender } = render(<PhotosWaiting donationId="d1" />);
    expect(screen.getByTestId('photos-waiting').textContent?.trim()).toBe('2 photos waiting to upload');

    act(() => usePhotoQueue.setState({ entries: [] }));
    rerender(<PhotosWaiting donationId="d1" />);
    expect(screen.queryByTestId('photos-waiting')).toBeNull();
  });

  it('a refused photo stays with its reason until dismissed', async () => {
    const dismiss = vi.fn(async () => {});
    useLocalDatabase.setState({ photoOutbox: { dismiss } as unknown as PhotoOutbox });
    usePhotoQueue.setState({ entries: [entry({ id: 'r1', state: 'refused', refusal: 'This pickup is not yours.', title: 'Soup' }), entry({ id: '2' })] });
    render(<PhotoRefusals />);

    const refusal = screen.getByRole('alert');
    expect(refusal.textContent).toContain('A pickup photo was not accepted');
    expect(refusal.textContent).toContain('Soup');
    expect(refusal.textContent).toContain('This pickup is not yours.');
    fireEvent.click(within(refusal).getByRole('button', { name: 'Dismiss' }));
    await settle();
    expect(dismiss).toHaveBeenCalledWith('r1');
    useLocalDatabase.setState({ photoOutbox: null });
  });
});
