import * as React from 'react';
import { AlertDialog as A } from 'radix-ui';
import { useI18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';
import { useReturnFocus } from './return-focus';

const AlertDialog = A.Root;
const AlertDialogTrigger = A.Trigger;

function AlertDialogContent({ className, onOpenAutoFocus, onCloseAutoFocus, ...props }: React.ComponentProps<typeof A.Content>) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <A.Portal>
      <A.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
      <A.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
        {...focus}
      />
    </A.Portal>
  );
}
function AlertDialogTitle({ className, ...props }: React.ComponentProps<typeof A.Title>) {
  return <A.Title className={cn('text-lg font-semibold', className)} {...props} />;
}
function AlertDialogDescription({ className, ...props }: React.ComponentProps<typeof A.Description>) {
  return <A.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
function AlertDialogFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
function AlertDialogCancel({ className, ...props }: React.ComponentProps<typeof A.Cancel>) {
  return <A.Cancel className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />;
}
function AlertDialogAction({ className, destructive, ...props }: React.ComponentProps<typeof A.Action> & { destructive?: boolean }) {
  return <A.Action className={cn(buttonVariants({ variant: destructive ? 'destructive' : 'default' }), className)} {...props} />;
}

/**
 * The confirmation every destructive action asks for: a trigger button, the spec's title and text, and the action
 * run only after "confirm".
 */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  children,
  destructive = true,
  disabled,
  triggerClassName,
  variant = 'outline',
}: {
  title: string;
  description: string;
  confirmLabel: string;
  /** The dismiss button; say what it keeps ('Keep it') when 'Cancel' would be ambiguous. */
  cancelLabel?: string;
  onConfirm: () => void;
  children: React.ReactNode;
  destructive?: boolean;
  disabled?: boolean;
  triggerClassName?: string;
  variant?: 'outline' | 'destructive' | 'default' | 'ghost';
}) {
  const i18n = useI18n();
  return (
    <AlertDialog>
      <AlertDialogTrigger className={cn(buttonVariants({ variant, size: 'sm' }), triggerClassName)} disabled={disabled}>
        {children}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel ?? i18n._('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
