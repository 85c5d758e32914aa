import type { UserRow } from '../db/users.ts';
import type { ChangeFeed } from '../sync/change-feed.ts';

/** Tokens remembered at once; the oldest go first. A busy city has a few thousand signed-in devices at a time. */
const MAX_ENTRIES = 10_000;
/** The longest an entry is trusted even without news of a change: a safety net if a notification was ever lost. */
const MAX_AGE_MS = 60_000;

/**
 * Entries are found by the token's last characters (a JWT's end is its signature) and then compared whole. A Map
 * hashes its string key on every look-up, and the header each call brings is a new string: hashing a whole ID token
 * (a Firebase one is about a kilobyte) was most of this cache's time per call (issue 9); comparing is much cheaper.
 * Two tokens with the same end only push each other out.
 */
const KEY_CHARS = 32;
const keyOf = (token: string) => (token.length > KEY_CHARS ? token.slice(-KEY_CHARS) : token);

interface Entry {
  token: string;
  row: UserRow;
  until: number;
}

/**
 * The account behind each ID token seen lately, so an authenticated call costs neither a signature check nor a user
 * look-up. Kept for the token's life at most, and dropped whole whenever an account may have changed: a write through
 * this process (the caller says so), or another instance's change announced by the change feed. A look-up that began
 * before a drop is not stored after it (the generation check), so a row read before a change never outlives it.
 */
export class UserCache {
  private readonly entries = new Map<string, Entry>();
  private current = 0;
  private watching: Promise<boolean> | undefined;

  /** Other instances' account changes reach this one through the change feed; until it listens nothing is cached. */
  watch(feed: ChangeFeed): Promise<boolean> {
    return (this.watching ??= feed.watchAccounts(() => this.clear()).then(
      () => true,
      () => {
        this.watching = undefined;
        return false;
      },
    ));
  }

  /** Grows at every drop: whoever read an account at an older generation must read it again. */
  get generation(): number {
    return this.current;
  }

  get(token: string, now = Date.now()): UserRow | undefined {
    const key = keyOf(token);
    const entry = this.entries.get(key);
    if (entry?.token !== token) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.row;
  }

  /** The generation to hand back to `set`: taken before the token is checked and the account read. */
  begin(): number {
    return this.current;
  }

  set(token: string, row: UserRow, expiresAtMs: number, generation: number, now = Date.now()): void {
    if (generation !== this.current) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyOf(token), { token, row, until: Math.min(expiresAtMs, now + MAX_AGE_MS) });
  }

  /** Some account may have changed: forget them all. */
  clear(): void {
    this.current++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
