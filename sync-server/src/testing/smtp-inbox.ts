import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The plain-text body, with quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Waits for the next message to `to` after the first `seen` ones addressed there, and returns it. */
  next(to: string, seen?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** The link to `path` in the message, as path and query. */
  link(mail: ReceivedMail, path: string): string;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a local port (the smtp-server package) that keeps every message, so tests send account
 * e-mails through nodemailer exactly as production does. No STARTTLS: there is no certificate to trust here.
 */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        const qp = /content-transfer-encoding:\s*quoted-printable/i.test(head);
        const joined = body.join('\n\n');
        const text = qp
          ? joined.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
          : joined;
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '',
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to, seen = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = messages.filter((m) => m.to.includes(to.toLowerCase()));
        if (mine.length > seen) return mine[seen]!;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms (${messages.length} in the inbox)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    link(mail, path) {
      const match = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
      if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
      const url = new URL(match[0]);
      return `${url.pathname}${url.search}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
