import * as React from 'react';
import { HoverCard as H } from 'radix-ui';
import { cn } from '@/lib/utils';

export const HoverCard = H.Root;
export const HoverCardTrigger = H.Trigger;

export function HoverCardContent({ className, sideOffset = 8, align = 'end', ...props }: React.ComponentProps<typeof H.Content>) {
  return (
    <H.Portal>
      <H.Content
        sideOffset={sideOffset}
        align={align}
        className={cn('z-50 min-w-[200px] rounded-lg border border-border bg-white p-4 shadow-lg', className)}
        {...props}
      />
    </H.Portal>
  );
}
