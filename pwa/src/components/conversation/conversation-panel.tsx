import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AlertTriangle, Bell, BellOff, Clock, Trash2 } from 'lucide-react';
import type { Role } from '@foodbridge/shared/constants';
import type { MessageSide } from '@foodbridge/shared/schemas/message';
import { ConfirmActionButton } from '@/components/confirm-action-button';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { imageUrl } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import {
  discardMessage,
  markConversationRead,
  muteConversation,
  removeMessage,
  useConversation,
  type ConversationMessage,
} from '@/lib/db/conversations';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { dayTime } from '@/lib/request-words';
import { cn } from '@/lib/utils';
import { MessageComposer } from './message-composer';
import { lastIncomingId, mayRemove, nextRemovalEnd } from './message-rules';

const SIDES: Record<MessageSide, string> = {
  restaurant: /*i18n*/ 'conversation.side.restaurant',
  charity: /*i18n*/ 'conversation.side.charity',
  admin: /*i18n*/ 'conversation.side.admin',
};

/**
 * One charity's request as a conversation (issue 48): the thread, oldest first, the viewer's own messages at the end
 * of the line (the right, the left in a right-to-left language), then the composer. Opening it, and each message of
 * another side arriving while it is shown, marks the conversation read. `fill` lets the thread take the height its
 * parent gives (a dialog); otherwise the thread scrolls within a height of its own.
 */
export function ConversationPanel({
  requestId,
  donationId,
  title,
  fill = false,
  className,
}: {
  requestId: string;
  donationId: string;
  title?: string;
  fill?: boolean;
  className?: string;
}) {
  const i18n = useI18n();
  const { messages, error, muted } = useConversation(requestId);
  useMarkRead(requestId, messages, error);

  let thread;
  if (messages === undefined && error) {
    thread = (
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        {i18n._('conversation.loadFailed', { reason: error })}
      </p>
    );
  } else if (messages === undefined) {
    thread = (
      <div role="status" aria-busy="true" aria-label={i18n._('conversation.loading')} className="flex flex-col gap-3 py-2">
        <Skeleton className="h-14 w-3/4" />
        <Skeleton className="ms-auto h-10 w-2/3" />
        <Skeleton className="h-12 w-1/2" />
      </div>
    );
  } else {
    thread = <Thread messages={messages} fill={fill} />;
  }

  return (
    <div className={cn('flex flex-col gap-3', fill && 'min-h-0 flex-1', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {title && <h3 className="min-w-0 break-words font-semibold text-stone-900">{title}</h3>}
        <MuteToggle requestId={requestId} muted={muted} />
      </div>
      {muted && <p className="-mt-2 text-xs text-muted-foreground">{i18n._('conversation.mutedHint')}</p>}
      {thread}
      <MessageComposer requestId={requestId} donationId={donationId} />
    </div>
  );
}

/**
 * Marks the conversation read when it opens and whenever a message of another side arrives while it is shown (its
 * answer also says whether the conversation is muted: unknown until one comes, so offline the toggle starts as not
 * muted).
 */
function useMarkRead(requestId: string, messages: ConversationMessage[] | undefined, error: string | undefined) {
  const ready = messages !== undefined || Boolean(error);
  const incoming = lastIncomingId(messages);
  useEffect(() => {
    if (!ready) return;
    // Not read yet on failure: the count stays, and the next open or message tries again.
    markConversationRead(requestId).catch(() => undefined);
  }, [requestId, ready, incoming]);
}

function MuteToggle({ requestId, muted }: { requestId: string; muted: boolean | undefined }) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    const next = !muted;
    setBusy(true);
    try {
      await muteConversation(requestId, next);
    } catch (err) {
      notify.error(next ? i18n._('conversation.muteFailed') : i18n._('conversation.unmuteFailed'), errorMessage(err, i18n._('common.tryAgainLater')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="ghost" size="sm" className="ms-auto" aria-pressed={Boolean(muted)} disabled={busy} onClick={() => void toggle()}>
      {muted ? <BellOff aria-hidden /> : <Bell aria-hidden />}
      {i18n._('conversation.mute')}
    </Button>
  );
}

/**
 * The messages as a log: a screen reader says each one that arrives (not those already there when it opens, which
 * are read by moving through them). It scrolls by itself to a new message when the reader was at the end already.
 */
function Thread({ messages, fill }: { messages: ConversationMessage[]; fill: boolean }) {
  const i18n = useI18n();
  const role = useSession((s) => s.role);
  const now = useRemovalClock(messages, role);
  const log = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    const el = log.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  return (
    <div
      ref={log}
      role="log"
      aria-live="polite"
      aria-label={i18n._('conversation.threadLabel')}
      // A region that scrolls is reached with the keyboard too.
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
      className={cn(
        'overflow-y-auto overscroll-contain rounded-lg bg-stone-50 p-3 focus-visible:outline-2 focus-visible:outline-ring',
        fill ? 'min-h-24 flex-1' : 'max-h-[min(60dvh,32rem)] min-h-32',
      )}
    >
      {messages.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{i18n._('conversation.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((m) => (
            <MessageItem key={m.outbox?.id ?? m._id} message={m} removable={mayRemove(m, role, now)} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** Now, moved on when one of the viewer's own messages stops being removable, so its Remove goes away on time. */
function useRemovalClock(messages: readonly ConversationMessage[], role: Role): number {
  const [now, setNow] = useState(() => Date.now());
  const next = nextRemovalEnd(messages, role, now);
  useEffect(() => {
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()) + 100);
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

function MessageItem({ message: m, removable }: { message: ConversationMessage; removable: boolean }) {
  const i18n = useI18n();
  const author = m.mine ? i18n._('conversation.you') : m.authorName;
  const refused = m.outbox?.state === 'refused';
  return (
    <li
      data-testid="message"
      className={cn(
        'flex max-w-[85%] flex-col gap-1 rounded-xl border px-3 py-2 text-start text-sm shadow-xs',
        m.mine ? 'ms-auto border-brand-200 bg-brand-50' : 'me-auto border-border bg-white',
        refused && 'border-red-200 bg-red-50',
        m.unread && 'border-s-4 border-s-brand-700',
      )}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-stone-900">{author}</span>
        <span>{i18n._(SIDES[m.authorSide])}</span>
        <time dateTime={m.createdAt}>{dayTime(i18n, m.createdAt)}</time>
      </p>
      <p className="whitespace-pre-wrap break-words text-stone-900">{m.body}</p>
      {m.image && (
        <a href={imageUrl(m.image, 1280)} target="_blank" rel="noopener noreferrer" className="mt-1 block w-fit rounded-md">
          <img
            src={imageUrl(m.image, 320)}
            alt={i18n._('conversation.picture', { name: author })}
            width={160}
            height={120}
            loading="lazy"
            className="h-30 w-40 rounded-md bg-stone-100 object-cover"
          />
        </a>
      )}
      {m.outbox?.state === 'pending' && (
        <p className="flex items-center gap-1.5 text-xs font-semibold text-amber-900" data-testid="message-waiting">
          <Clock aria-hidden className="size-3.5" /> {i18n._('conversation.waiting')}
        </p>
      )}
      {m.outbox && refused && (
        <div className="flex flex-wrap items-center gap-2" data-testid="message-refused">
          <p className="flex min-w-0 flex-1 items-start gap-1.5 text-xs font-semibold text-red-900">
            <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
            {m.outbox.refusal ? i18n._('conversation.refused', { reason: m.outbox.refusal }) : i18n._('conversation.refusedNoReason')}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => void discardMessage(m.outbox!.id)}>
            {i18n._('conversation.discard')}
          </Button>
        </div>
      )}
      {removable && (
        <ConfirmActionButton
          title={i18n._('conversation.removeTitle')}
          description={i18n._('conversation.removeText')}
          confirmLabel={i18n._('conversation.removeConfirm')}
          action={() => removeMessage(m._id, m.requestId)}
          busyLabel={i18n._('conversation.removing')}
          failure={i18n._('conversation.removeFailed')}
          variant="ghost"
          triggerClassName="self-end text-destructive hover:bg-red-50"
        >
          <Trash2 aria-hidden /> {i18n._('conversation.remove')}
        </ConfirmActionButton>
      )}
    </li>
  );
}
