import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createDonation } from '@foodbridge/shared/testing/factories';
import * as calendar from '@/lib/pickup-calendar';
import { AddToCalendarButton } from './add-to-calendar-button';

const accepted = createDonation({
  _id: 'd2',
  title: 'Evening trays',
  status: 'Accepted',
  pickupStart: '2026-12-08T18:00:00+01:00',
  pickupEnd: '2026-12-08T20:00:00+01:00',
});

afterEach(() => vi.restoreAllMocks());

describe('Add to calendar', () => {
  it('saves the pickup’s own .ics, named by its title, from a button named with it', () => {
    const save = vi.spyOn(calendar, 'saveCalendarFile').mockImplementation(() => undefined);
    render(<AddToCalendarButton donation={accepted} className="x" />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to calendar Evening trays' }));
    expect(save).toHaveBeenCalledTimes(1);
    const [name, text] = save.mock.calls[0]!;
    expect(name).toBe('pickup-evening-trays.ics');
    expect(text).toContain('UID:d2@foodbridge\r\n');
    expect(text).toContain('SUMMARY:Pickup: Evening trays\r\n');
    expect(text).toContain(`URL:${window.location.origin}/donations/d2\r\n`);
  });

  it('is not offered without a window, or once collected', () => {
    const { container } = render(
      <>
        <AddToCalendarButton donation={{ ...accepted, pickupStart: undefined, pickupEnd: undefined }} className="x" />
        <AddToCalendarButton donation={{ ...accepted, status: 'Picked' }} className="x" />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});
