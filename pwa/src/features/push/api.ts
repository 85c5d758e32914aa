// The server's push endpoints (sync-server/src/routes/push.ts).
import type { NotificationKind } from '@foodbridge/shared/schemas/notification';
import type { PushDevice, PushSendResult } from '@foodbridge/shared/schemas/push';
import { api } from '@/lib/api-client';

export const fetchPublicKey = async () => (await api.get<{ publicKey: string }>('/push/public-key')).publicKey;

/** Registers this device for the signed-in account; without `disabledKinds` the server keeps the device's choices. */
export const saveSubscription = (subscription: PushSubscriptionJSON) => api.post<PushDevice>('/push/subscriptions', { subscription });

export const saveDisabledKinds = (endpoint: string, disabledKinds: NotificationKind[]) =>
  api.patch<PushDevice>('/push/subscriptions', { endpoint, disabledKinds });

export const removeSubscription = (endpoint: string) =>
  api.del<{ deletedCount: number }>(`/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`);

export const sendTestPush = (endpoint: string) => api.post<PushSendResult>('/push/test', { endpoint });
