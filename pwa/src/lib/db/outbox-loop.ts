// How the device's outboxes (pickup confirmations, messages) send what waits: passes over their entries, one at a
// time across tabs, again at once when a call arrives mid-pass, again soon while entries remain on a flaky
// connection, and again when the browser goes online.
import { ApiError } from '@/lib/api-client';
import { isOnline, noteServerReach } from '@/lib/connectivity-store';
import { withLock } from '@/lib/web-lock';

const RETRY_EVERY_MS = 30_000;
const FIRST_RETRY_MS = 1_000;
/** A weak connection can leave a request hanging with no answer; an outbox must move on and try again later. */
export const SEND_TIMEOUT_MS = 15_000;

/** Worth trying again later: no answer at all, the server's own trouble, or a sign-in that needs refreshing. */
export function isTransient(err: ApiError) {
  return err.status === 0 || err.status >= 500 || err.status === 401 || err.status === 408 || err.status === 429;
}

/** What one pass did: entries still waiting, and whether any got a definite answer. */
export interface PassResult {
  left: number;
  progressed: boolean;
}

export interface ReplayLoop {
  /** Runs a pass; concurrent calls share one run, and tabs take turns through the Web Lock `lockName`. */
  replay(): Promise<void>;
  stop(): void;
  readonly stopped: boolean;
}

export function replayLoop(lockName: string, pass: () => Promise<PassResult>, label: string): ReplayLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Passes in a row that sent nothing: the next retry waits twice as long, up to every 30 s.
  let fruitless = 0;

  function replay(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let result: PassResult = { left: 0, progressed: false };
      do {
        again = false;
        result = await withLock(lockName, pass).catch((err) => {
          console.error(`[${label}] replay failed`, err);
          return { left: 1, progressed: false };
        });
      } while (again && !stopped);
      // A flaky connection: try the rest soon, backing off while nothing gets through (at least every 30 s while
      // entries remain). Offline, the 'online' event starts the next pass instead.
      clearTimeout(retryTimer);
      fruitless = result.progressed ? 0 : fruitless + 1;
      // An answer came (a success or a refusal): the server is reachable, whatever an earlier failure said.
      if (result.progressed) noteServerReach(true);
      if (result.left > 0 && isOnline() && !stopped) {
        const delay = Math.min(RETRY_EVERY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, fruitless - 1));
        retryTimer = setTimeout(() => void replay(), delay);
      }
    })().finally(() => {
      running = null;
      // A call that arrived after the last pass had started but before this run ended.
      if (again && !stopped) void replay();
    });
    return running;
  }

  const onOnline = () => void replay();
  window.addEventListener('online', onOnline);
  return {
    replay,
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
    },
    get stopped() {
      return stopped;
    },
  };
}
