import { notify } from '@/lib/notify';
import { signOut } from './identity';

export async function logOut() {
  try {
    await signOut();
    notify.authSuccess('Logout Successfully');
  } catch (err) {
    // Spec: a log-out failure is only logged.
    console.error(err);
  }
}
