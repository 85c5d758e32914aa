import { useState } from 'react';
import type { I18n } from '@lingui/core';
import { MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useI18n } from '@/lib/i18n/i18n';
import { ConversationPanel } from './conversation-panel';
import { UnreadBadge } from './unread-badge';

/** The button's accessible name: what it opens, about which donation (and with whom), and the unread count, said. */
export function conversationButtonLabel(i18n: I18n, title: string, unread: number, counterpart?: string): string {
  if (counterpart) {
    return unread > 0
      ? i18n._('conversation.openLabelWithUnread', { title, name: counterpart, count: unread })
      : i18n._('conversation.openLabelWith', { title, name: counterpart });
  }
  return unread > 0 ? i18n._('conversation.openLabelUnread', { title, count: unread }) : i18n._('conversation.openLabel', { title });
}

/**
 * 'Messages' with the unread count as a badge; it opens the conversation in a dialog, the whole screen on a phone.
 * `title` is the donation's; `counterpart` the other side's name where the viewer has several conversations on it.
 */
export function ConversationButton({
  requestId,
  donationId,
  title,
  unread,
  counterpart,
  className,
}: {
  requestId: string;
  donationId: string;
  title: string;
  unread: number;
  counterpart?: string | undefined;
  className?: string;
}) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className={className} aria-label={conversationButtonLabel(i18n, title, unread, counterpart)}>
          <MessageCircle aria-hidden className="rtl:-scale-x-100" />
          {i18n._('conversation.open')}
          <UnreadBadge unread={unread} />
        </Button>
      </DialogTrigger>
      <DialogContent
        // On a phone, the whole screen: the composer sits at its bottom edge, above the keyboard (the viewport resizes
        // to the content: index.html's interactive-widget), and the thread scrolls above it. When the keyboard leaves too
        // little room even for a short thread, the dialog itself scrolls and the focused box brings itself into view.
        className="flex flex-col gap-3 p-4 sm:h-[min(90dvh,44rem)] sm:p-6 max-sm:inset-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none"
        onOpenAutoFocus={(e) => {
          // Into the thread (reading comes first; the box would raise a phone's keyboard over it), once it is there.
          const thread = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[role="log"]');
          if (thread) {
            e.preventDefault();
            thread.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words">{title}</DialogTitle>
          <DialogDescription>
            {counterpart && `${i18n._('conversation.with', { name: counterpart })} `}
            {i18n._('conversation.dialogDescription')}
          </DialogDescription>
        </DialogHeader>
        <ConversationPanel requestId={requestId} donationId={donationId} fill />
      </DialogContent>
    </Dialog>
  );
}
