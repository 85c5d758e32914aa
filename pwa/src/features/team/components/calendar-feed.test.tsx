import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { setTokenSource } from '@/lib/api-client';
import { json, stubServer } from '@/testing/server';
import { CalendarFeedSection } from './calendar-feed';

const FIRST = 'https://foodbridge.example.org/calendar/first-token.ics';
const SECOND = 'https://foodbridge.example.org/calendar/second-token.ics';

beforeEach(() => setTokenSource({ getToken: async () => 'id-1', refresh: async () => null }));
afterEach(() => vi.unstubAllGlobals());

const address = () => screen.getByLabelText<HTMLInputElement>('Your calendar address');

describe('Calendar feed', () => {
  it('explains the feed, gets an address, shows it with Copy and a subscription link, and gets a new one on request', async () => {
    const answers = [FIRST, SECOND];
    const server = stubServer({ 'POST /calendar/token': () => json(201, { url: answers.shift() }) });
    render(<CalendarFeedSection role="driver" />);
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeTruthy();
    expect(screen.getByText(/^See the pickups you have .* from 30 days back on/)).toBeTruthy();
    expect(screen.getByText(/Getting a new address stops the old one/)).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar address')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get calendar address' })));
    expect(server.sent()).toEqual(['POST /calendar/token']);
    expect(address().value).toBe(FIRST);
    expect(address().readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Open in your calendar app' }).getAttribute('href')).toBe('webcal://foodbridge.example.org/calendar/first-token.ics');
    expect(screen.getByText(/Your calendar address is ready/)).toBeTruthy();

    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith(FIRST);
    expect(screen.getByText('Address copied.')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get a new address' })));
    expect(address().value).toBe(SECOND);
  });

  it('selects the address to copy by hand where the clipboard is refused', async () => {
    stubServer({ 'POST /calendar/token': () => json(201, { url: FIRST }) });
    render(<CalendarFeedSection role="coordinator" />);
    expect(screen.getByText(/^See your charity’s pickups/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get calendar address' })));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(screen.getByText('Could not copy here. The address is selected: copy it yourself.')).toBeTruthy();
    expect([address().selectionStart, address().selectionEnd]).toEqual([0, FIRST.length]);
  });

  it('says the server’s refusal in the section', async () => {
    stubServer({
      'POST /calendar/token': () => json(403, { message: 'Calendar feeds are for the members of a restaurant or charity.', code: 'calendar/members-only' }),
    });
    render(<CalendarFeedSection role="staff" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get calendar address' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'The calendar address could not be made. Calendar feeds are for the members of a restaurant or charity.',
    );
    expect(screen.queryByLabelText('Your calendar address')).toBeNull();
  });
});
