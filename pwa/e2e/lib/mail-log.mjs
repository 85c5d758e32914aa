// @ts-check
// The links the sync-server e-mails, read from its output: with no SMTP server configured it prints each message's
// link on one console.info line instead of sending it. Pass the `output` of a server this test file started itself
// (startServer in ./server.mjs): the shared server of run.mjs lives in another process.
import { sleep } from './server.mjs';

/**
 * Every link to `path` (e.g. '/verify-email') in the output, oldest first, as path and query: the origin the server
 * prints may differ from the one the browser uses. Lines naming `email` are preferred when any do, so links to
 * other accounts are skipped when the server says whom it wrote to.
 * @param {string} output
 * @param {string} path
 * @param {string} [email]
 * @returns {string[]}
 */
export function mailedLinks(output, path, email) {
  const link = `(?:https?://[^\\s"'<>]+?)?${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[^\\s"'<>,)]+`;
  const lines = output.split('\n').filter((line) => new RegExp(link).test(line));
  const addressed = email ? lines.filter((line) => line.toLowerCase().includes(email.toLowerCase())) : [];
  const links = [];
  for (const line of addressed.length ? addressed : lines) {
    for (const match of line.matchAll(new RegExp(link, 'g'))) {
      const url = new URL(match[0], 'http://mail.invalid');
      links.push(`${url.pathname}${url.search}`);
    }
  }
  return links;
}

/**
 * Waits for a link to `path` newer than the `seen` first ones and returns it (path and query).
 * @param {() => string} output  the server's output so far
 * @param {{ path: string, email?: string, seen?: number, timeoutMs?: number }} options
 */
export async function waitForMailedLink(output, { path, email, seen = 0, timeoutMs = 15_000 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = mailedLinks(output(), path, email);
    if (links.length > seen) return /** @type {string} */ (links.at(-1));
    if (Date.now() > deadline) {
      throw new Error(`No ${path} link${email ? ` for ${email}` : ''} in the server's output within ${timeoutMs / 1000}s:\n${output().slice(-2000)}`);
    }
    await sleep(200);
  }
}
