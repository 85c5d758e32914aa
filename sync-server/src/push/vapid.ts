import type { Config } from '../config.ts';
import type { Sql } from '../db/connection.ts';
import { readSetting, settingOrInsert } from '../db/push.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact push services see in the JWT's `sub`. */
  subject: string;
  /** Where the pair came from: the settings, or the database (generated on the first start). */
  source: 'settings' | 'database';
}

const SETTING = 'vapid_keys';

/** web-push (~10 MB resident with its crypto helpers) is loaded by the first key pair made or message sent. */
let loading: Promise<typeof import('web-push')> | undefined;
export const loadWebPush = () => (loading ??= import('web-push').then((m) => m.default));
const FALLBACK_SUBJECT = 'mailto:admin@foodbridge.local';

/**
 * VAPID_SUBJECT, else the public https address (RFC 8292 accepts an https contact page), else a placeholder mailbox.
 * A http or localhost address is no contact a push service could use, and web-push warns about localhost.
 */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'PUBLIC_URL'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const url = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
  if (url && url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  return FALLBACK_SUBJECT;
}

/**
 * The settings' key pair when both are set; otherwise the pair kept in the database, generated on the first start.
 * The pair is stored as one value so that two instances starting at once cannot end up with halves of two pairs:
 * both insert, one wins, both read back the winner.
 */
export async function loadVapidKeys(sql: Sql, config: Config): Promise<VapidKeys> {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject, source: 'settings' };
  }
  const stored = (await readSetting(sql, SETTING)) ?? (await settingOrInsert(sql, SETTING, JSON.stringify((await loadWebPush()).generateVAPIDKeys())));
  const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { ...pair, subject, source: 'database' };
}

/** Both keys or neither: a public key without its private half would have browsers subscribe to pushes we cannot sign. */
export function checkVapidSettings(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): void {
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (then a pair is generated and kept in the database).');
  }
}
