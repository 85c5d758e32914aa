import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { hasCalendarPickup, pickupFileName, pickupIcs, saveCalendarFile } from './pickup-calendar';

const withWindow = createDonation({
  _id: 'd1',
  title: 'Soup, bread; rolls',
  location: 'Hauptstraße 5, Berlin',
  status: 'Assigned',
  restaurantName: 'Green Table Kitchen',
  charityName: 'Hope Pantry',
  assigneeName: 'Jordan Lee',
  pickupStart: '2026-12-08T18:00:00+01:00',
  pickupEnd: '2026-12-08T20:00:00+01:00',
  updatedAt: '2026-12-01T09:30:00.000Z',
});

/** Unfolded content lines (RFC 5545 3.1). */
const lines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

afterEach(() => vi.restoreAllMocks());

describe('a pickup in a calendar, made on the device', () => {
  it('is offered for an agreed pickup with a window only', () => {
    expect(hasCalendarPickup(withWindow)).toBe(true);
    expect(hasCalendarPickup({ ...withWindow, status: 'Accepted' })).toBe(true);
    expect(hasCalendarPickup({ ...withWindow, status: 'Picked' })).toBe(false);
    expect(hasCalendarPickup({ ...withWindow, status: 'Verified' })).toBe(false);
    expect(hasCalendarPickup({ ...withWindow, pickupStart: undefined, pickupEnd: undefined })).toBe(false);
  });

  it('is one event at the window’s instants, with the feed’s UID and words', () => {
    const text = pickupIcs(i18n, withWindow, 'https://foodbridge.example.org', new Date('2026-12-02T00:00:00Z'))!;
    const content = lines(text);
    expect(content).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'UID:d1@foodbridge',
        'DTSTART:20261208T170000Z',
        'DTEND:20261208T190000Z',
        'DTSTAMP:20261201T093000Z',
        'SUMMARY:Pickup: Soup\\, bread\\; rolls',
        'LOCATION:Hauptstraße 5\\, Berlin',
        'URL:https://foodbridge.example.org/donations/d1',
        'DESCRIPTION:Restaurant: Green Table Kitchen\\nCharity: Hope Pantry\\nDriver: Jordan Lee\\nStatus: Assigned\\nDetails: https://foodbridge.example.org/donations/d1',
        'END:VCALENDAR',
      ]),
    );
    expect(content.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(pickupIcs(i18n, { ...withWindow, pickupStart: undefined, pickupEnd: undefined }, 'https://x')).toBeUndefined();
  });

  it('names the file after the title, in any script', () => {
    expect(pickupFileName('Soup, bread; rolls')).toBe('pickup-soup-bread-rolls.ics');
    expect(pickupFileName('خبز طازج')).toBe('pickup-خبز-طازج.ics');
    expect(pickupFileName('!!!')).toBe('pickup.ics');
  });

  it('is handed to the browser as a calendar file, with nothing sent', async () => {
    const made: Blob[] = [];
    const create = vi.fn((blob: Blob) => (made.push(blob), 'blob:calendar'));
    const revoke = vi.fn();
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    saveCalendarFile('pickup-soup.ics', 'BEGIN:VCALENDAR\r\n');
    expect(clicked.map((a) => [a.getAttribute('href'), a.download])).toEqual([['blob:calendar', 'pickup-soup.ics']]);
    expect(made[0]!.type).toBe('text/calendar;charset=utf-8');
    expect(await made[0]!.text()).toBe('BEGIN:VCALENDAR\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(revoke).toHaveBeenCalledWith('blob:calendar');
  });
});
