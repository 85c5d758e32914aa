// The conversation panel (issue 48) over a stand-in for the app's conversation hooks (lib/db/conversations, tested
// with the local store on its own): what the thread shows, what the composer sends, and who is offered Remove.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX_CHARS } from '@foodbridge/shared/schemas/message';
import { useSession } from '@/lib/auth/session-store';
import * as conversations from '@/lib/db/conversations';
import type { ConversationMessage, ConversationView } from '@/lib/db/conversations';
import { ConversationPanel } from './conversation-panel';

const view = vi.hoisted(() => ({ current: { messages: [], unread: 0 } as ConversationView }));
vi.mock('@/lib/db/conversations', () => ({
  useConversation: vi.fn(() => view.current),
  sendMessage: vi.fn(async () => undefined),
  markConversationRead: vi.fn(async () => ({ unreadMessages: 0, muted: false })),
  muteConversation: vi.fn(async (_requestId: string, muted: boolean) => ({ unreadMessages: 0, muted })),
  discardMessage: vi.fn(async () => undefined),
  removeMessage: vi.fn(async () => undefined),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function message(overrides: Partial<ConversationMessage>): ConversationMessage {
  return {
    _id: `m-${Math.random().toString(36).slice(2)}`,
    requestId: 'req-1',
    donationId: 'don-1',
    authorName: 'Rosa at Trattoria',
    authorSide: 'restaurant',
    body: 'Hello',
    createdAt: minutesAgo(60),
    mine: false,
    ...overrides,
  };
}

const fromRestaurant = message({ _id: 'm-1', body: 'The soup is ready at six.', createdAt: minutesAgo(30) });
const mineNow = message({ _id: 'm-2', authorName: 'Dana Driver', authorSide: 'charity', body: 'On my way.', mine: true, createdAt: minutesAgo(1) });
const mineOld = message({ _id: 'm-0', authorName: 'Dana Driver', authorSide: 'charity', body: 'Is it vegetarian?', mine: true, createdAt: minutesAgo(40) });
const waiting = message({
  _id: 'local-1',
  authorName: 'Dana Driver',
  authorSide: 'charity',
  body: 'Parked outside.',
  mine: true,
  createdAt: minutesAgo(0),
  outbox: { id: 'out-1', state: 'pending' },
});
const refused = message({
  _id: 'local-2',
  authorName: 'Dana Driver',
  authorSide: 'charity',
  body: 'Thanks!',
  mine: true,
  createdAt: minutesAgo(0),
  outbox: { id: 'out-2', state: 'refused', refusal: 'This conversation has closed.' },
});

const show = (messages: ConversationMessage[] | undefined, extra: Partial<ConversationView> = {}) => {
  view.current = { messages, unread: 0, ...extra };
};
const renderPanel = () => render(<ConversationPanel requestId="req-1" donationId="don-1" />);
const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: /^(Send|Sending\.\.\.)$/ }) as HTMLButtonElement;
const item = (text: string) => screen.getByText(text).closest('li')!;

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ user: { id: 'u-1', email: 'dana@example.test', name: 'Dana Driver' }, role: 'charity', ready: true });
  show([]);
});

describe('ConversationPanel: the thread', () => {
  it('shows the messages oldest first in a polite log, each with its author, side and time; the own at the end', async () => {
    show([mineOld, fromRestaurant, mineNow]);
    renderPanel();
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(within(log).getAllByRole('listitem').map((li) => li.querySelector('p:nth-of-type(2)')?.textContent)).toEqual([
      'Is it vegetarian?',
      'The soup is ready at six.',
      'On my way.',
    ]);
    expect(item('The soup is ready at six.').textContent).toContain('Rosa at Trattoria');
    expect(item('The soup is ready at six.').textContent).toContain('Restaurant');
    expect(item('The soup is ready at six.').querySelector('time')?.getAttribute('dateTime')).toBe(fromRestaurant.createdAt);
    // Logical sides: the end of the line for one's own, whichever way the language reads.
    expect(item('On my way.').className).toMatch(/(^|\s)ms-auto(\s|$)/);
    expect(item('The soup is ready at six.').className).toMatch(/(^|\s)me-auto(\s|$)/);
    expect(item('On my way.').textContent).toContain('You');
    await waitFor(() => expect(conversations.markConversationRead).toHaveBeenCalled());
  });

  it('says which messages wait to send, and which were refused with the reason and a Discard', async () => {
    show([fromRestaurant, waiting, refused]);
    renderPanel();
    expect(within(item('Parked outside.')).getByText('Waiting to send')).toBeTruthy();
    const no = item('Thanks!');
    expect(no.textContent).toContain('Not sent: This conversation has closed.');
    fireEvent.click(within(no).getByRole('button', { name: 'Discard' }));
    expect(conversations.discardMessage).toHaveBeenCalledWith('out-2');
    // Neither is on the server yet: nothing to remove.
    expect(within(item('Parked outside.')).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(no).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('shows a picture as a thumbnail that opens it whole', () => {
    show([message({ body: 'This is the crate.', image: '/images/abc' })]);
    renderPanel();
    const picture = screen.getByRole('img', { name: 'Picture from Rosa at Trattoria' });
    expect(picture.getAttribute('src')).toBe('/images/abc?w=320');
    expect(picture.closest('a')?.getAttribute('href')).toBe('/images/abc?w=1280');
  });

  it('has a loading, an empty and an error state', () => {
    show(undefined);
    const { rerender } = renderPanel();
    expect(screen.getByRole('status', { name: 'Loading messages' })).toBeTruthy();

    show([]);
    rerender(<ConversationPanel requestId="req-1" donationId="don-1" />);
    expect(within(screen.getByRole('log')).getByText('No messages yet. Ask about the pickup here.')).toBeTruthy();

    show(undefined, { error: 'You are offline.' });
    rerender(<ConversationPanel requestId="req-1" donationId="don-1" />);
    expect(screen.getByRole('alert').textContent).toBe('The messages could not be loaded: You are offline.');
    // Writing does not depend on the read.
    expect(box()).toBeTruthy();
  });
});

describe('ConversationPanel: read marks and muting', () => {
  it('marks the conversation read on open, and again when a message of another side arrives while shown', async () => {
    show([fromRestaurant]);
    const { rerender } = renderPanel();
    await waitFor(() => expect(conversations.markConversationRead).toHaveBeenCalledTimes(1));
    expect(conversations.markConversationRead).toHaveBeenCalledWith('req-1');

    // The viewer's own new message is nothing to read.
    show([fromRestaurant, mineNow]);
    rerender(<ConversationPanel requestId="req-1" donationId="don-1" />);
    await act(async () => undefined);
    expect(conversations.markConversationRead).toHaveBeenCalledTimes(1);

    show([fromRestaurant, mineNow, message({ _id: 'm-3', body: 'Ring at the back door.', createdAt: minutesAgo(0) })]);
    rerender(<ConversationPanel requestId="req-1" donationId="don-1" />);
    await waitFor(() => expect(conversations.markConversationRead).toHaveBeenCalledTimes(2));
  });

  it('shows whether it is muted, as the conversation says, and unmutes it', async () => {
    show([fromRestaurant], { muted: true });
    const { rerender } = renderPanel();
    const mute = screen.getByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Muted: you are not notified of new messages here.')).toBeTruthy();
    await act(async () => fireEvent.click(mute));
    expect(conversations.muteConversation).toHaveBeenCalledWith('req-1', false);
    // The data layer remembers the server's answer; the view then says it.
    show([fromRestaurant], { muted: false });
    rerender(<ConversationPanel requestId="req-1" donationId="don-1" />);
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText('Muted: you are not notified of new messages here.')).toBeNull();
  });
});

describe('ConversationPanel: the composer', () => {
  it('sends the trimmed text, clears the box and keeps the focus in it', async () => {
    renderPanel();
    expect(screen.getByText(/Ctrl\+Enter/).textContent).toContain('Enter starts a new line');
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: '  See you at six.  \n' } });
    sendButton().focus();
    await act(async () => fireEvent.click(sendButton()));
    expect(conversations.sendMessage).toHaveBeenCalledWith('req-1', 'don-1', 'See you at six.', undefined);
    expect(box().value).toBe('');
    expect(document.activeElement).toBe(box());
  });

  it('sends with Ctrl+Enter or Cmd+Enter; a plain Enter is a new line', async () => {
    renderPanel();
    fireEvent.change(box(), { target: { value: 'First line' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(conversations.sendMessage).not.toHaveBeenCalled();
    await act(async () => fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true }));
    expect(conversations.sendMessage).toHaveBeenCalledWith('req-1', 'don-1', 'First line', undefined);
    fireEvent.change(box(), { target: { value: 'Second' } });
    await act(async () => fireEvent.keyDown(box(), { key: 'Enter', metaKey: true }));
    expect(conversations.sendMessage).toHaveBeenLastCalledWith('req-1', 'don-1', 'Second', undefined);
  });

  it('counts near the limit, and says a text over it is too long and will not send it', async () => {
    renderPanel();
    fireEvent.change(box(), { target: { value: 'a'.repeat(MESSAGE_MAX_CHARS - 250) } });
    expect(screen.queryByText(/characters$/)).toBeNull();

    fireEvent.change(box(), { target: { value: 'a'.repeat(MESSAGE_MAX_CHARS - 10) } });
    expect(screen.getByText('1,990 of 2,000 characters')).toBeTruthy();
    expect(sendButton().disabled).toBe(false);

    // Spaces around it are not counted, as the server does not count them.
    fireEvent.change(box(), { target: { value: `  ${'a'.repeat(MESSAGE_MAX_CHARS)}  ` } });
    expect(sendButton().disabled).toBe(false);

    fireEvent.change(box(), { target: { value: 'a'.repeat(MESSAGE_MAX_CHARS + 1) } });
    expect(screen.getByText('2,001 of 2,000 characters')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Too long: a message holds at most 2,000 characters.');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().getAttribute('aria-describedby')).toContain(screen.getByText('2,001 of 2,000 characters').id);
    expect(sendButton().disabled).toBe(true);
    await act(async () => fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true }));
    expect(conversations.sendMessage).not.toHaveBeenCalled();
  });

  it('keeps the text and says why when the message could not be sent', async () => {
    vi.mocked(conversations.sendMessage).mockRejectedValueOnce(new Error('This conversation has closed.'));
    renderPanel();
    fireEvent.change(box(), { target: { value: 'Late thanks' } });
    await act(async () => fireEvent.click(sendButton()));
    expect(screen.getByRole('alert').textContent).toBe('The message was not sent: This conversation has closed.');
    expect(box().value).toBe('Late thanks');
  });

  it('offers one picture, behind Add a picture', () => {
    renderPanel();
    expect(screen.queryByLabelText('Picture (optional)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add a picture' }));
    expect(screen.getByLabelText('Picture (optional)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the picture' }));
    expect(screen.queryByLabelText('Picture (optional)')).toBeNull();
  });
});

describe('ConversationPanel: Remove', () => {
  const removable = () =>
    screen
      .getAllByRole('listitem')
      .filter((li) => within(li).queryByRole('button', { name: 'Remove' }))
      .map((li) => li.querySelector('p:nth-of-type(2)')?.textContent);

  it('is offered to an author on their own messages for 5 minutes only', () => {
    show([mineOld, fromRestaurant, mineNow]);
    renderPanel();
    expect(removable()).toEqual(['On my way.']);
  });

  it('is offered to an admin on every message', () => {
    useSession.setState({ role: 'admin' });
    show([mineOld, fromRestaurant, mineNow]);
    renderPanel();
    expect(removable()).toEqual(['Is it vegetarian?', 'The soup is ready at six.', 'On my way.']);
  });

  it('goes away when the 5 minutes are over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      show([message({ ...mineNow, createdAt: new Date(Date.now() - 4 * 60_000).toISOString() })]);
      renderPanel();
      expect(removable()).toEqual(['On my way.']);
      await act(async () => vi.advanceTimersByTime(61_000));
      expect(removable()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes the message once confirmed', async () => {
    show([mineNow]);
    renderPanel();
    fireEvent.click(within(item('On my way.')).getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('alertdialog', { name: 'Remove this message?' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, remove it' })));
    expect(conversations.removeMessage).toHaveBeenCalledWith('m-2', 'req-1');
  });
});
