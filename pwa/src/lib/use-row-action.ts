import { useState } from 'react';
import { useI18n } from './i18n/i18n';
import { notify } from './notify';

/**
 * A list's row actions: `busy` holds the key of the one in flight (a row id, or the id and which action) so its
 * buttons can be disabled or relabelled; a failure shows the spec's error toast with `failure` as its text.
 */
export function useRowAction<K>() {
  const i18n = useI18n();
  const [busy, setBusy] = useState<K | null>(null);

  async function run(key: K, work: () => Promise<void>, failure: string) {
    setBusy(key);
    try {
      await work();
    } catch {
      notify.error(i18n._('common.error'), failure);
    } finally {
      setBusy(null);
    }
  }

  return { busy, run };
}
