import { cn } from '@/lib/utils';
import { unreadBadgeText } from './message-rules';

/** The unread count drawn as a badge; the control it sits in says the count in words (its accessible name). */
export function UnreadBadge({ unread, className }: { unread: number; className?: string }) {
  if (unread <= 0) return null;
  return (
    <span
      aria-hidden
      data-testid="unread-badge"
      className={cn('min-w-5 rounded-full bg-brand-800 px-1.5 text-center text-xs font-bold leading-5 text-white tabular-nums', className)}
    >
      {unreadBadgeText(unread)}
    </span>
  );
}
