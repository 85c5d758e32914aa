// Sign-in through the server's built-in identity provider, or through Firebase when the server is configured for
// it (the Firebase SDK is then loaded on demand, never on the signed-out home page).
import type { Role } from '@foodbridge/shared/constants';
import { api, ApiError, setTokenSource } from '@/lib/api-client';
import { useSession, type SessionUser } from './session-store';

export interface AuthConfig {
  provider: 'local' | 'firebase';
  firebase: { apiKey?: string; authDomain?: string; projectId?: string; appId?: string } | null;
  payments: { mode: 'stripe' | 'test'; publishableKey: string | null };
}

interface ApiUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  photoURL?: string;
}

interface AuthResponse {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  user: ApiUser;
}

interface StoredSession {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

const STORAGE_KEY = 'foodbridge.session';
let configPromise: Promise<AuthConfig> | null = null;

const CONFIG_KEY = 'foodbridge.authConfig';

/**
 * The server's identity and payment modes. The last answer is kept, so an installed app that starts offline (or
 * while the server has trouble) still knows whether it runs on Firebase and keeps its signed-in account.
 */
export function getAuthConfig(): Promise<AuthConfig> {
  configPromise ??= api
    .get<AuthConfig>('/auth/config', { anonymous: true })
    .then((config) => {
      localStorage.setItem(CONFIG_KEY, JSON.stringify(config));
      return config;
    })
    .catch((err) => {
      configPromise = null;
      const cached = readJson<AuthConfig>(CONFIG_KEY);
      if (cached) return cached;
      // Offline first start: behave as the built-in provider; stored tokens still identify the user.
      if (err instanceof ApiError && err.status === 0) {
        return { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } } as AuthConfig;
      }
      throw err;
    });
  return configPromise;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function readStored(): StoredSession | null {
  return readJson<StoredSession>(STORAGE_KEY);
}

function store(res: AuthResponse) {
  const session: StoredSession = {
    idToken: res.idToken,
    refreshToken: res.refreshToken,
    expiresAt: Date.now() + res.expiresIn * 1000,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
}

function toSessionUser(u: ApiUser): SessionUser {
  return { id: u._id, email: u.email, name: u.name, photoURL: u.photoURL };
}

let refreshing: Promise<string | null> | null = null;

async function refreshLocal(): Promise<string | null> {
  const current = readStored();
  if (!current) return null;
  refreshing ??= api
    .post<AuthResponse>('/auth/refresh', { refreshToken: current.refreshToken }, { anonymous: true })
    .then((res) => {
      store(res);
      return res.idToken;
    })
    .catch((err) => {
      // Only a definite refusal ends the session; offline keeps the stored tokens for later.
      if (err instanceof ApiError && err.status === 401) {
        localStorage.removeItem(STORAGE_KEY);
        useSession.getState().setSession(null);
      }
      return null;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

const localTokens = {
  async getToken() {
    const s = readStored();
    if (!s) return null;
    if (s.expiresAt - 60_000 < Date.now() && navigator.onLine) return (await refreshLocal()) ?? s.idToken;
    return s.idToken;
  },
  refresh: refreshLocal,
};

/** Registers the signed-in user in the back end (spec: on each auth change) and loads the role. */
async function registerInBackEnd(name?: string, photoURL?: string): Promise<ApiUser | null> {
  try {
    return await api.post<ApiUser>('/users', { name, photoURL });
  } catch (err) {
    console.error('Failed to add user to DB', err);
    return null;
  }
}

type FirebaseModule = typeof import('./firebase-identity');
let firebase: FirebaseModule | null = null;

async function loadFirebase(config: AuthConfig): Promise<FirebaseModule> {
  if (!firebase) {
    firebase = await import('./firebase-identity');
    firebase.init(config, async (user) => {
      if (!user) return useSession.getState().setSession(null);
      const apiUser = await registerInBackEnd(user.name, user.photoURL);
      useSession.getState().setSession(apiUser ? toSessionUser(apiUser) : user, apiUser?.role ?? 'user');
    });
    setTokenSource(firebase.tokenSource);
  }
  return firebase;
}

/** Called once at start-up: restores a saved session without blocking the first paint. */
export async function initIdentity(): Promise<void> {
  const session = useSession.getState();
  const stored = readStored();
  setTokenSource(localTokens);
  // Log-out in one tab logs out every tab of the app (a shared phone must not keep the previous driver signed in
  // elsewhere). The tab that logged out has already sent and removed the local data.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY && event.newValue === null && useSession.getState().user) {
      useSession.getState().setSession(null);
    }
  });
  let config: AuthConfig;
  try {
    config = await getAuthConfig();
  } catch {
    // The server is in trouble and nothing is cached: keep a saved session rather than wiping the device's data.
    return stored ? restoreFromToken(stored) : session.setSession(null);
  }
  if (config.provider === 'firebase') {
    await loadFirebase(config);
    return;
  }
  if (!stored) return session.setSession(null);
  try {
    const me = await api.get<ApiUser>('/users/me');
    session.setSession(toSessionUser(me), me.role);
  } catch (err) {
    // Only a definite refusal ends the session (and so removes the local store with its queued pickups); offline
    // or server trouble keeps the driver signed in on the saved token's claims.
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      localStorage.removeItem(STORAGE_KEY);
      return session.setSession(null);
    }
    restoreFromToken(stored);
  }
}

function restoreFromToken(stored: StoredSession) {
  const claims = decodeClaims(stored.idToken);
  if (claims) return useSession.getState().setSession({ id: claims.sub, email: claims.email, name: claims.name ?? 'User' }, cachedRole());
  localStorage.removeItem(STORAGE_KEY);
  useSession.getState().setSession(null);
}

function decodeClaims(token: string): { sub: string; email: string; name?: string } | null {
  try {
    const part = token.split('.')[1] ?? '';
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
}

const ROLE_KEY = 'foodbridge.role';
function cachedRole(): Role {
  return (localStorage.getItem(ROLE_KEY) as Role | null) ?? 'user';
}
useSession.subscribe((s) => {
  if (s.user) localStorage.setItem(ROLE_KEY, s.role);
  else localStorage.removeItem(ROLE_KEY);
});

export async function signIn(email: string, password: string): Promise<void> {
  const config = await getAuthConfig();
  useSession.getState().setLoading(true);
  try {
    if (config.provider === 'firebase') return await (await loadFirebase(config)).signIn(email, password);
    const res = await api.post<AuthResponse>('/auth/login', { email, password }, { anonymous: true });
    store(res);
    const apiUser = (await registerInBackEnd(res.user.name)) ?? res.user;
    useSession.getState().setSession(toSessionUser(apiUser), apiUser.role);
  } finally {
    useSession.getState().setLoading(false);
  }
}

export async function signUp(input: { name: string; email: string; password: string; photoURL?: string }): Promise<void> {
  const config = await getAuthConfig();
  useSession.getState().setLoading(true);
  try {
    if (config.provider === 'firebase') return await (await loadFirebase(config)).signUp(input);
    const res = await api.post<AuthResponse>('/auth/register', input, { anonymous: true });
    store(res);
    const apiUser = (await registerInBackEnd(input.name, input.photoURL)) ?? res.user;
    useSession.getState().setSession(toSessionUser(apiUser), apiUser.role);
  } finally {
    useSession.getState().setLoading(false);
  }
}

/** Google sign-in needs Firebase; without it the caller gets a clear explanation instead of a silent failure. */
export async function signInWithGoogle(): Promise<void> {
  const config = await getAuthConfig();
  if (config.provider !== 'firebase') {
    throw new ApiError(400, 'Google sign-in is not set up on this server. Please use e-mail and password.', 'auth/operation-not-allowed');
  }
  useSession.getState().setLoading(true);
  try {
    await (await loadFirebase(config)).signInWithGoogle();
  } finally {
    useSession.getState().setLoading(false);
  }
}

export async function signOut(): Promise<void> {
  useSession.getState().setLoading(true);
  try {
    // Hooks first, while the token is still valid: the local store gets its last chance to send queued pickups and
    // favourites before it is removed.
    await signOutHooks.reduce((p, hook) => p.then(hook), Promise.resolve());
    if (firebase) await firebase.signOut();
    localStorage.removeItem(STORAGE_KEY);
  } finally {
    useSession.getState().setSession(null);
  }
}

const signOutHooks: Array<() => Promise<void>> = [];
/** Lets the local store (offline data) clear itself when the account signs out. */
export function onSignOut(hook: () => Promise<void>) {
  signOutHooks.push(hook);
}

export async function refreshRole(): Promise<void> {
  const { user, setRole } = useSession.getState();
  if (!user) return;
  const res = await api.get<{ role: Role }>(`/users/role/${encodeURIComponent(user.email)}`);
  setRole(res.role);
}
