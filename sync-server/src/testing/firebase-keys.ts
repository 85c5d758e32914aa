import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** An RSA key pair standing in for one of Google's securetoken signing keys. */
export interface TestSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function createSigningKey(kid: string = randomBytes(8).toString('hex')): Promise<TestSigningKey> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey: pair.privateKey, publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export interface JwksServer {
  /** For FIREBASE_JWKS_URL. */
  url: string;
  close(): Promise<void>;
}

/** Publishes the public halves of `keys` the way Google's JWKS endpoint does. */
export async function startJwksServer(keys: TestSigningKey[]): Promise<JwksServer> {
  const body = JSON.stringify({ keys: keys.map((k) => k.publicJwk) });
  const server = createServer((req, res) => {
    if (req.url !== '/jwks.json') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FirebaseTokenOptions {
  projectId: string;
  email: string;
  name?: string;
  picture?: string;
  uid?: string;
  /** Firebase's `email_verified`; true unless said otherwise (an account made with Google is verified). */
  emailVerified?: boolean;
  /** Overrides for the negative cases; by default the claims Firebase Auth puts in a fresh ID token. */
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Sign with this kid in the header instead of the key's own (a forged token naming a published key). */
  kid?: string;
  /** When its user signed in (`auth_time`, epoch seconds): the issue time unless said otherwise, as after a sign-in. */
  authTime?: number;
}

/** A Firebase-style ID token: RS256, iss https://securetoken.google.com/<project>, aud <project>, sub = uid. */
export async function signFirebaseToken(key: TestSigningKey, o: FirebaseTokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = o.expiresIn ?? 3600;
  const uid = o.uid ?? randomBytes(14).toString('hex');
  // An expired token must also have been issued in the past, or jose reports the wrong problem.
  const issuedAt = expiresIn > 0 ? now : now + expiresIn - 3600;
  return new SignJWT({
    email: o.email,
    email_verified: o.emailVerified ?? true,
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.picture !== undefined ? { picture: o.picture } : {}),
    auth_time: o.authTime ?? issuedAt,
    user_id: uid,
    firebase: { identities: { email: [o.email] }, sign_in_provider: 'password' },
  })
    .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? key.kid, typ: 'JWT' })
    .setIssuer(o.issuer ?? `https://securetoken.google.com/${o.projectId}`)
    .setAudience(o.audience ?? o.projectId)
    .setSubject(uid)
    .setIssuedAt(issuedAt)
    .setExpirationTime(now + expiresIn)
    .sign(key.privateKey);
}
