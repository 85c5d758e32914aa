import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * Paths never written, whatever a log call is handed: tokens, passwords, payment secrets. Request lines carry none of
 * these by construction (no bodies, no headers, route patterns instead of paths); this is the second line of defence.
 */
export const REDACTED_PATHS = [
  'authorization',
  'password',
  'token',
  'idToken',
  'refreshToken',
  'ticket',
  'client_secret',
  'clientSecret',
  'headers.authorization',
  'headers.cookie',
  '*.authorization',
  '*.password',
  '*.token',
  '*.idToken',
  '*.refreshToken',
  '*.ticket',
  '*.client_secret',
  '*.clientSecret',
];

export interface LoggerOptions {
  level: string;
  /** 'pretty': one readable line per entry, for a developer's terminal; 'json': one JSON object per line. */
  format: 'json' | 'pretty';
  /** Where lines go (tests pass a stream of their own); standard output by default. */
  destination?: DestinationStream;
}

/** The server's structured log (pino): JSON lines for a log shipper, or readable lines in a terminal. */
export function createLogger(opts: LoggerOptions): Logger {
  const options = {
    level: opts.level,
    base: { service: 'foodbridge' },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (opts.destination) return pino(options, opts.destination);
  // pino-pretty as a stream in this thread (not a transport worker): a terminal's log is small, and synchronous
  // lines stay in order with the server's other output.
  if (opts.format === 'pretty') return pino(options, pretty({ colorize: true, sync: true, ignore: 'pid,hostname,service' }));
  return pino(options);
}
