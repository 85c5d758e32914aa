// Which database exists on this device and for which role. Kept outside RxDB (and light, so the signed-out app can
// tell whether there is anything to clean up without loading RxDB): it survives reloads, so a database left behind
// by another account or an older role can be found and removed.
import type { Role } from '@foodbridge/shared/constants';

const RECORD_KEY = 'foodbridge.localdb';

export interface DatabaseRecord {
  name: string;
  role: Role;
}

/** The account's database name: RxDB names allow lower-case letters, digits and underscores. */
export function databaseName(userId: string): string {
  return `foodbridge_${userId.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

/** Whether this account's database would be created (or made again) now: none on the device, or another's, or another role's. */
export function isFresh(name: string, role: Role): boolean {
  const record = readRecord();
  return !record || record.name !== name || record.role !== role;
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
