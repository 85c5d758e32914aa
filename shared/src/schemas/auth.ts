// What the server tells the app about sign-in: its identity and payment modes, and the answer of a successful
// register, login or refresh. The server's answers `satisfies` these types; the app parses with the schemas.
import { z } from 'zod';
import { UserSchema } from './user.ts';

export const AuthConfigSchema = z.object({
  provider: z.enum(['local', 'firebase']),
  /** The web client's Firebase settings; null on the built-in provider. */
  firebase: z
    .object({
      apiKey: z.string().optional(),
      authDomain: z.string().optional(),
      projectId: z.string().optional(),
      appId: z.string().optional(),
    })
    .nullable(),
  payments: z.object({ mode: z.enum(['stripe', 'test']), publishableKey: z.string().nullable() }),
});
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

/** The built-in provider's answer to POST /auth/register, /auth/login and /auth/refresh. */
export const AuthSessionSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until `idToken` expires. */
  expiresIn: z.number(),
  user: UserSchema,
});
export type AuthSession = z.infer<typeof AuthSessionSchema>;
