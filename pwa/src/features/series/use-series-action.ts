import { useState } from 'react';
import type { Organisation } from '@foodbridge/shared/schemas/organisation';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { leadsIt, useMyOrganisation } from '@/lib/my-organisation';
import { notify } from '@/lib/notify';

/**
 * The series page's actions: `busy` holds the key of the one in flight (a series or request id with its action), so
 * its buttons wait; a failure is toasted with `failure` as its title and the server's reason (a refusal says why: a
 * manager's decision, a date already collected), or 'try again later' for the server's own trouble.
 */
export function useSeriesAction() {
  const i18n = useI18n();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, work: () => Promise<void>, failure: string): Promise<boolean> {
    setBusy(key);
    try {
      await work();
      return true;
    } catch (err) {
      notify.error(failure, err instanceof ApiError && err.status < 500 && err.message ? err.message : i18n._('common.tryAgainLater'));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { busy, run };
}

/**
 * The signed-in member's organisation, and whether they run it (a restaurant's manager, a charity's coordinator):
 * `lead` is undefined while its members are read, and true when they cannot be read: the server decides, and says so
 * when it refuses.
 */
export function useMembership(): { lead: boolean | undefined; organisation: Organisation | undefined } {
  const userId = useSession((s) => s.user?.id);
  const { data, error } = useMyOrganisation();
  return { lead: data ? leadsIt(data, userId) : error ? true : undefined, organisation: data };
}
