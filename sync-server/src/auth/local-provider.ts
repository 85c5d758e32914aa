import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { Sql } from '../db/connection.ts';
import {
  consumeRefreshToken,
  liveRefreshTokenOwner,
  loadOrStoreSigningKey,
  revokeRefreshTokenFamily,
  storeRefreshToken,
  type RedeemedRefreshToken,
} from '../db/identity.ts';

const LOCAL_ISSUER = 'foodbridge';
const LOCAL_AUDIENCE = 'foodbridge';
const ALG = 'ES256';
const DEVICE_AUDIENCE = 'foodbridge-device';

export interface IssuedTokens {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface VerifiedIdentity {
  email: string;
  name?: string | undefined;
  picture?: string | undefined;
  /** Our own user id (built-in provider) or the provider's uid (Firebase). */
  subject: string;
  /** What the provider says of the e-mail; the built-in provider's own record of it is the users row. */
  emailVerified: boolean;
  /** When the token stops being valid (its `exp`), in milliseconds. */
  expiresAtMs: number;
  /** When it was issued (its `iat`), in milliseconds (whole seconds). */
  issuedAtMs: number;
  /**
   * Firebase only: when its user last signed in with a password or provider (its `auth_time`), in milliseconds. A
   * token renewed in the background has a new `iat` but keeps this.
   */
  authTimeMs?: number | undefined;
  /**
   * Built-in tokens only: the account's `sessions_ended_at` (in milliseconds, 0 for never) when the token was issued.
   * The token holds while the account's value is still the same (sessionHolds).
   */
  sessionsEndedMs?: number | undefined;
}

/**
 * Whether a token still belongs to a live session of the account: none of its sessions were ended after it was issued
 * (a password reset, a log-out everywhere, a role taken away). A built-in token says under which end it was issued; a
 * Firebase token only when, in whole seconds, so one issued in the second the sessions ended is refused too (the
 * client then asks Firebase for a fresh one).
 */
export function sessionHolds(identity: Pick<VerifiedIdentity, 'issuedAtMs' | 'sessionsEndedMs'>, sessionsEndedAt: Date | null): boolean {
  const ended = sessionsEndedAt?.getTime() ?? 0;
  if (identity.sessionsEndedMs !== undefined) return identity.sessionsEndedMs === ended;
  return ended === 0 || identity.issuedAtMs >= ended;
}

/**
 * The built-in identity provider's keys and tokens: short-lived ES256 ID tokens, published at
 * /.well-known/jwks.json, and opaque refresh tokens stored hashed and rotated on every use.
 */
export class LocalTokenIssuer {
  private constructor(
    private readonly sql: Sql,
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    readonly publicJwk: JWK,
    private readonly ttlSeconds: number,
    private readonly refreshDays: number,
  ) {}

  static async create(sql: Sql, opts: { ttlSeconds: number; refreshDays: number }): Promise<LocalTokenIssuer> {
    const pair = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const stored = await loadOrStoreSigningKey(sql, {
      kid,
      private_jwk: { ...(await exportJWK(pair.privateKey)), kid, alg: ALG },
      public_jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: ALG, use: 'sig' },
    });
    const privateKey = (await importJWK(stored.private_jwk as JWK, ALG)) as CryptoKey;
    const publicKey = (await importJWK(stored.public_jwk as JWK, ALG)) as CryptoKey;
    return new LocalTokenIssuer(sql, stored.kid, privateKey, publicKey, stored.public_jwk as JWK, opts.ttlSeconds, opts.refreshDays);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  /** A sign-in starts a new family of refresh tokens; a refresh passes on the family of the token it used up. */
  async issue(
    user: { id: string; email: string; name: string; photoURL?: string | undefined; sessionsEndedAt?: Date | null | undefined },
    familyId: string = randomUUID(),
  ): Promise<IssuedTokens> {
    const claims = { email: user.email, name: user.name, se: user.sessionsEndedAt?.getTime() ?? 0, ...(user.photoURL ? { picture: user.photoURL } : {}) };
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: 'JWT' })
      .setIssuer(LOCAL_ISSUER)
      .setAudience(LOCAL_AUDIENCE)
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.privateKey);
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.refreshDays * 24 * 3600 * 1000);
    await storeRefreshToken(this.sql, hashToken(refreshToken), user.id, familyId, expiresAt);
    return { idToken, refreshToken, expiresIn: this.ttlSeconds };
  }

  /** The user and family the refresh token belonged to, or undefined if it is unknown, used, revoked or expired. */
  redeemRefreshToken(token: string): Promise<RedeemedRefreshToken | undefined> {
    return consumeRefreshToken(this.sql, hashToken(token));
  }

  /** The account whose live refresh token this is (a used-up or revoked one names nobody). */
  ownerOfRefreshToken(token: string): Promise<string | undefined> {
    return liveRefreshTokenOwner(this.sql, hashToken(token));
  }

  revokeRefreshToken(token: string): Promise<void> {
    return revokeRefreshTokenFamily(this.sql, hashToken(token));
  }

  /**
   * A device cookie's value (auth/device-cookie.ts): who signed in on this device, under a random id, signed with the
   * ID tokens' key but for another audience, so neither can be passed off as the other.
   */
  signDevice(userId: string, email: string, days: number): Promise<string> {
    return new SignJWT({ email })
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: 'JWT' })
      .setIssuer(LOCAL_ISSUER)
      .setAudience(DEVICE_AUDIENCE)
      .setSubject(userId)
      .setJti(randomBytes(12).toString('base64url'))
      .setIssuedAt()
      .setExpirationTime(`${days}d`)
      .sign(this.privateKey);
  }

  /** The e-mail and id a device cookie was issued for, or undefined when it is forged, expired or not one. */
  async verifyDevice(value: string): Promise<{ email: string; deviceId: string } | undefined> {
    try {
      const { payload } = await jwtVerify(value, this.publicKey, {
        issuer: LOCAL_ISSUER,
        audience: DEVICE_AUDIENCE,
        algorithms: [ALG],
        requiredClaims: ['exp', 'jti'],
      });
      return typeof payload.email === 'string' ? { email: payload.email, deviceId: payload.jti! } : undefined;
    } catch {
      return undefined;
    }
  }

  async verify(token: string): Promise<VerifiedIdentity> {
    const { payload } = await jwtVerify(token, this.publicKey, {
      issuer: LOCAL_ISSUER,
      audience: LOCAL_AUDIENCE,
      algorithms: [ALG],
      // jose checks exp only when it is there: a token without it would be good forever.
      requiredClaims: ['exp', 'iat'],
    });
    if (typeof payload.email !== 'string' || !payload.sub) throw new Error('token without email');
    return {
      email: payload.email,
      subject: payload.sub,
      emailVerified: false,
      expiresAtMs: payload.exp! * 1000,
      issuedAtMs: payload.iat! * 1000,
      // A token from before sessions could be ended has no `se`: it was issued under "never" (0).
      sessionsEndedMs: typeof payload.se === 'number' ? payload.se : 0,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      picture: typeof payload.picture === 'string' ? payload.picture : undefined,
    };
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
