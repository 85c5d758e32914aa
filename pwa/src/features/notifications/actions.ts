// Marking notifications read: on the server (the record every device replicates), then on this device at once so
// that the list does not wait for the stream to bring the change back.
import { call } from '@/lib/api-client';
import { useLocalDatabase } from '@/lib/db/local-database';

async function markLocally(ids: string[] | 'all') {
  const db = useLocalDatabase.getState().db;
  if (!db) return;
  const docs = ids === 'all' ? await db.notifications.find({ selector: { read: false } }).exec() : await db.notifications.findByIds(ids).exec().then((m) => [...m.values()]);
  await Promise.all(docs.map((d) => (d.read ? undefined : d.incrementalPatch({ read: true }))));
}

export async function markRead(id: string): Promise<void> {
  await call('PATCH /notifications/{id}/read', { params: { id } });
  await markLocally([id]).catch(() => undefined);
}

export async function markAllRead(): Promise<number> {
  const { modifiedCount } = await call('POST /notifications/read-all');
  await markLocally('all').catch(() => undefined);
  return modifiedCount;
}
