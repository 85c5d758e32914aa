import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/auth/session-store';
import * as conversations from '@/lib/db/conversations';
import { setLocale } from '@/lib/i18n/i18n';
import { ConversationButton, conversationButtonLabel } from './conversation-button';

vi.mock('@/lib/db/conversations', () => ({
  useConversation: vi.fn(() => ({
    unread: 1,
    messages: [
      {
        _id: 'm-1',
        requestId: 'req-1',
        donationId: 'don-1',
        authorName: 'Rosa at Trattoria',
        authorSide: 'restaurant',
        body: 'Ready at six.',
        createdAt: '2026-05-01T10:00:00.000Z',
        mine: false,
        unread: true,
      },
    ],
  })),
  sendMessage: vi.fn(async () => undefined),
  markConversationRead: vi.fn(async () => ({ unreadMessages: 0, muted: false })),
  muteConversation: vi.fn(),
  discardMessage: vi.fn(),
  removeMessage: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ user: { id: 'u-1', email: 'dana@example.test', name: 'Dana Driver' }, role: 'charity', ready: true });
});

describe('ConversationButton', () => {
  it('says the unread count in its name, and draws it as a badge', () => {
    render(<ConversationButton requestId="req-1" donationId="don-1" title="Soup for tonight" unread={2} />);
    const button = screen.getByRole('button', { name: 'Messages about Soup for tonight, 2 unread' });
    expect(within(button).getByTestId('unread-badge').textContent).toBe('2');
  });

  it('names the other side where there are several conversations, and has no badge with nothing unread', () => {
    render(<ConversationButton requestId="req-1" donationId="don-1" title="Soup" counterpart="Hope Kitchen" unread={0} />);
    const button = screen.getByRole('button', { name: 'Messages with Hope Kitchen about Soup' });
    expect(within(button).queryByTestId('unread-badge')).toBeNull();
    // What is seen is part of what is said (for voice control).
    expect(button.textContent).toBe('Messages');
  });

  it('shows 99+ past 99', () => {
    render(<ConversationButton requestId="req-1" donationId="don-1" title="Soup" unread={140} />);
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
    expect(screen.getByRole('button', { name: 'Messages about Soup, 140 unread' })).toBeTruthy();
  });

  it('opens the conversation in a dialog, marks it read and puts the focus in the thread', async () => {
    render(<ConversationButton requestId="req-1" donationId="don-1" title="Soup" counterpart="Trattoria" unread={1} />);
    fireEvent.click(screen.getByRole('button', { name: 'Messages with Trattoria about Soup, 1 unread' }));
    const dialog = screen.getByRole('dialog', { name: 'Soup' });
    expect(dialog.textContent).toContain('With Trattoria.');
    expect(within(dialog).getByText('Ready at six.')).toBeTruthy();
    await waitFor(() => expect(conversations.markConversationRead).toHaveBeenCalledWith('req-1'));
    expect(document.activeElement).toBe(within(dialog).getByRole('log'));
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('says the count in Arabic with the language’s plural forms', async () => {
    await act(() => setLocale('ar', { remember: false }));
    try {
      expect(conversationButtonLabel(i18n, 'حساء', 2)).toBe('الرسائل حول حساء، اثنتان غير مقروءتين');
      expect(conversationButtonLabel(i18n, 'حساء', 5, 'مطعم')).toBe('الرسائل مع مطعم حول حساء، 5 غير مقروءة');
    } finally {
      await act(() => setLocale('en', { remember: false }));
    }
  });
});
