import { create } from 'zustand';
import { AUTH_TOAST_MS } from '@foodbridge/shared/first-screen-constants';

// sonner is loaded with the first toast, not with the page: the signed-out home page never shows one and its
// JavaScript budget is tight. The root layout mounts the Toaster when `mounted` turns true; sonner keeps toasts
// created before its Toaster appears and shows them once it does.
export const useToaster = create(() => ({ mounted: false }));

type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | null = null;

interface ToastOptions {
  description?: string | undefined;
  /** A toast with an id replaces an earlier one of that id, and can be taken down with notify.dismiss. */
  id?: string | undefined;
  duration?: number | undefined;
  action?: { label: string; onClick: () => void } | undefined;
}

function show(kind: 'success' | 'error' | 'warning' | 'info', title: string, options: ToastOptions = {}) {
  useToaster.setState({ mounted: true });
  sonner ??= import('sonner');
  void sonner.then(({ toast }) => toast[kind](title, options));
}

/** The problem a toast names is still there: it stays until the form calls notify.dismiss(id). */
export interface LastingToast {
  id: string;
}

/** Toasts with the spec's title / text pairs (section 8). */
export const notify = {
  success: (title: string, description?: string, duration?: number) => show('success', title, { description, duration }),
  error: (title: string, description?: string, lasting?: LastingToast) =>
    show('error', title, lasting ? { description, id: lasting.id, duration: Infinity } : { description }),
  warning: (title: string, description?: string) => show('warning', title, { description }),
  info: (title: string, description?: string) => show('info', title, { description }),
  authSuccess: (title: string) => show('success', title, { duration: AUTH_TOAST_MS }),
  /** A success toast with a button, e.g. 'Go to Home' after registration. */
  successWithAction: (title: string, description: string, action: { label: string; onClick: () => void }) =>
    show('success', title, { description, action }),
  /** News with a way to it, e.g. a notification's 'View'; the same `id` twice shows one toast. */
  infoWithAction: (title: string, description: string, action: { label: string; onClick: () => void }, id?: string) =>
    show('info', title, { description, action, id }),
  /** Takes down the toast of that id, e.g. 'Image missing' once the picture is uploaded. No-op if none was shown. */
  dismiss: (id: string) => {
    void sonner?.then(({ toast }) => toast.dismiss(id));
  },
};

export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
