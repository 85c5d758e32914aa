// A local push service (RFC 8030) for tests: it records each push message the server posts to an endpoint and
// answers as a real one would - 201 Created, or 410 Gone for a subscription the browser has dropped. Beside it, the
// browser's half: a subscription with its own keys, able to decrypt what the server sent (RFC 8291, aes128gcm).
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushRequest {
  path: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export interface PushServiceStub {
  url: string;
  /** Every message posted, in order. */
  requests: PushRequest[];
  /** Paths answered 410 Gone (the subscription expired or was dropped by the browser). */
  gone: Set<string>;
  /** A new endpoint on this service; `path` is what `requests[i].path` and `gone` use. */
  newEndpoint(): { endpoint: string; path: string };
  close(): Promise<void>;
}

export async function startPushServiceStub(): Promise<PushServiceStub> {
  const requests: PushRequest[] = [];
  const gone = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      requests.push({ path, headers, body: Buffer.concat(chunks) });
      if (req.method !== 'POST') res.writeHead(405).end();
      else if (gone.has(path)) res.writeHead(410).end('push subscription has unsubscribed or expired.');
      else res.writeHead(201, { location: `${path}/messages/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    gone,
    newEndpoint() {
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      return { endpoint: `${url}${path}`, path };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A browser's push subscription: its key pair and auth secret, as `pushManager.subscribe()` makes them. */
export function createBrowserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    /** What `PushSubscription.toJSON()` gives, to send to the server. */
    json: { endpoint, expirationTime: null, keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') } },
    /** Decrypts a message body as the browser does (RFC 8291 over RFC 8188's aes128gcm, one record). */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm message');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
