import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { feedContentsId, webcalUrl } from './calendar-feed';

describe('the calendar feed’s words and address', () => {
  it('says what each member’s feed lists, as the server decides it', () => {
    expect(i18n._(feedContentsId('manager'), { days: 30 })).toMatch(/^See your restaurant’s pickups .* from 30 days back on/);
    expect(feedContentsId('staff')).toBe(feedContentsId('manager'));
    expect(i18n._(feedContentsId('coordinator'), { days: 30 })).toMatch(/^See your charity’s pickups/);
    expect(i18n._(feedContentsId('driver'), { days: 30 })).toMatch(/^See the pickups you have/);
  });

  it('opens as a subscription with the webcal scheme', () => {
    expect(webcalUrl('https://foodbridge.example.org/calendar/abc.ics')).toBe('webcal://foodbridge.example.org/calendar/abc.ics');
    expect(webcalUrl('http://localhost:8787/calendar/abc.ics')).toBe('webcal://localhost:8787/calendar/abc.ics');
  });
});
