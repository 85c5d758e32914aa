import * as React from 'react';
import { Tabs as T } from 'radix-ui';
import { cn } from '@/lib/utils';

// Radix's tabs (the ARIA tabs pattern: arrow keys move between tabs, Tab goes into the panel) as a segmented control
// the width of a phone, each half a full-height touch target.
export const Tabs = T.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof T.List>) {
  return <T.List className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-stone-100 p-1', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-semibold text-stone-700 transition-colors hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm sm:min-h-10',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof T.Content>) {
  return <T.Content className={cn('focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring', className)} {...props} />;
}
