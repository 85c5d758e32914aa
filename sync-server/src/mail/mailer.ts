import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about, for the log line when no mail server is configured. */
  link: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Account e-mails through the configured SMTP server (nodemailer). Without one, a developer's server prints each
 * link on one line of its log instead, so sign-up and password reset still work on a fresh clone.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  if (!config.SMTP_URL) {
    return {
      mode: 'log',
      async send(m) {
        console.info(`[mail] not sent (no SMTP_URL): to ${m.to}: ${m.subject}: ${m.link}`);
      },
      close() {},
    };
  }
  const url = new URL(config.SMTP_URL);
  const secure = url.protocol === 'smtps:';
  const transport: Transporter = createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A mail server that hangs must not hold a request for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    mode: 'smtp',
    async send(m) {
      await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text });
    },
    close: () => transport.close(),
  };
}
