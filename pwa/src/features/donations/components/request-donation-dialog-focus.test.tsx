// Where focus lands after a request is sent (issue 50): the Request Donation button that opened the form is gone
// once the page knows of the request, so focus goes to what took its place ('Requested · Pending'), not the body.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '@/testing/server';
import { RequestDonationDialog, toLocalInputValue } from './request-donation-dialog';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** The details page's actions as far as this goes: Request until the charity's own request is known, then its status. */
function Actions({ reloadMs }: { reloadMs: number }) {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <div>
      {requested && <p>Requested · Pending</p>}
      {!requested && <button onClick={() => setOpen(true)}>Request Donation</button>}
      <button>Save to Favorites</button>
      {open && (
        <RequestDonationDialog
          donation={{ _id: '6f1c2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b', title: 'Vegetable soup' }}
          onOpenChange={(next) => !next && setOpen(false)}
          // As the page's own reload: the request is known a moment later (the device's store, or the server).
          onSubmitted={() => void new Promise((resolve) => setTimeout(resolve, reloadMs)).then(() => setRequested(true))}
        />
      )}
    </div>
  );
}

describe('RequestDonationDialog', () => {
  it.each([0, 50])('puts focus on the request status once sent (the page knows of it %s ms later)', async (reloadMs) => {
    const server = stubServer({ 'POST /donation-requests': () => json(201, { insertedId: 'request-1' }) });
    render(<Actions reloadMs={reloadMs} />);
    const opener = screen.getByRole('button', { name: 'Request Donation' });
    opener.focus();
    fireEvent.click(opener);

    fireEvent.change(await screen.findByLabelText('Request description'), { target: { value: 'Dinner for our shelter tonight.' } });
    fireEvent.change(screen.getByLabelText('Pickup date and time'), { target: { value: toLocalInputValue(new Date(Date.now() + 2 * 3_600_000)) } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));

    const status = await screen.findByText('Requested · Pending');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent()).toEqual(['POST /donation-requests']);
    expect(toast.success).toHaveBeenCalled();
  });
});
