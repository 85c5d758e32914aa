import { i18n } from '@lingui/core';
import { loadAppCatalogues } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { signOut } from './identity';

export async function logOut() {
  try {
    await signOut();
    // Signed out from the home page, whose own catalogue does not have this message.
    await loadAppCatalogues().catch(() => undefined);
    notify.authSuccess(i18n._('logout.success'));
  } catch (err) {
    // Spec: a log-out failure is only logged.
    console.error(err);
  }
}
