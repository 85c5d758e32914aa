// Which database exists on this device and for which role. Kept outside RxDB (and light, so the signed-out app can
// tell whether there is anything to clean up without loading RxDB): it survives reloads, so a database left behind
// by another account or an older role can be found and removed.
import type { Role } from '@foodbridge/shared/constants';

const RECORD_KEY = 'foodbridge.localdb';

export interface DatabaseRecord {
  name: string;
  role: Role;
}

export function readRecord(): DatabaseRecord | null {
  try {
    const raw = localStorage.getItem(RECORD_KEY);
    return raw ? (JSON.parse(raw) as DatabaseRecord) : null;
  } catch {
    return null;
  }
}

export function writeRecord(record: DatabaseRecord | null) {
  try {
    if (record) localStorage.setItem(RECORD_KEY, JSON.stringify(record));
    else localStorage.removeItem(RECORD_KEY);
  } catch {
    // Without storage the next start cannot clean up after us; nothing else to do.
  }
}
