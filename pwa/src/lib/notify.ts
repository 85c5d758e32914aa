import { toast } from 'sonner';
import { AUTH_TOAST_MS } from '@foodbridge/shared/constants';

/** Toasts with the spec's title / text pairs (section 8). */
export const notify = {
  success: (title: string, description?: string, duration?: number) => toast.success(title, { description, duration }),
  error: (title: string, description?: string) => toast.error(title, { description }),
  warning: (title: string, description?: string) => toast.warning(title, { description }),
  info: (title: string, description?: string) => toast.info(title, { description }),
  authSuccess: (title: string) => toast.success(title, { duration: AUTH_TOAST_MS }),
};

export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
