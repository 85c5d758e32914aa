import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { VerifiedIdentity } from './local-provider.ts';

/**
 * Verifies Firebase ID tokens the way Firebase documents it: RS256 signed by one of Google's published keys,
 * issuer https://securetoken.google.com/<project>, audience <project>, with an expiry (not passed), an issue time and a
 * subject.
 */
export class FirebaseVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly projectId: string,
    jwksUrl: string,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 });
  }

  async verify(token: string): Promise<VerifiedIdentity> {
    const { payload } = await jwtVerify(token, this.keys, {
      issuer: `https://securetoken.google.com/${this.projectId}`,
      audience: this.projectId,
      algorithms: ['RS256'],
      // jose checks exp only when it is there: a token without it would be good forever.
      requiredClaims: ['exp', 'iat'],
    });
    if (!payload.sub) throw new Error('token without subject');
    if (typeof payload.email !== 'string') throw new Error('token without email');
    return {
      email: payload.email.toLowerCase(),
      subject: payload.sub,
      // Firebase sets it for every sign-in method; absent means not verified, never the other way round.
      emailVerified: payload.email_verified === true,
      expiresAtMs: payload.exp! * 1000,
      issuedAtMs: payload.iat! * 1000,
      authTimeMs: typeof payload.auth_time === 'number' ? payload.auth_time * 1000 : undefined,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      picture: typeof payload.picture === 'string' ? payload.picture : undefined,
    };
  }
}
