import { createHmac, randomBytes } from 'node:crypto';
import type { Store } from './store/store.js';
import type { Caller } from './types.js';

/**
 * Bearer tokens. A `token` document maps the token string (its id) to a user; tokens come from the
 * seed and are printed at start. The emulator never writes a token to its request log.
 */
export interface TokenDoc {
  id: string;
  userId: string;
}

export interface UserDoc {
  id: string;
  displayName: string;
  email?: string;
  photoURL?: string;
}

export type AuthResult = { ok: true; caller: Caller } | { ok: false; message: string };

export function authenticate(store: Store, header: string | undefined): AuthResult {
  if (header === undefined || header.trim() === '') {
    return { ok: false, message: 'Authentication required: send the header "Authorization: Bearer <token>"' };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { ok: false, message: 'Invalid Authorization header: expected "Bearer <token>"' };
  const token = match[1] as string;
  const doc = store.get<TokenDoc>('token', token);
  if (!doc || !store.get('user', doc.userId)) return { ok: false, message: 'Invalid or unknown access token' };
  return { ok: true, caller: { userId: doc.userId, token } };
}

/** The user resource (contract "User"; the spec requires `object`, `displayName` and `urls`). */
export function presentUser(baseUrl: string, user: UserDoc) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.displayName,
    ...(user.email !== undefined ? { email: user.email } : {}),
    ...(user.photoURL !== undefined ? { photoURL: user.photoURL } : {}),
    urls: { location: `${baseUrl}/v1/users/${encodeURIComponent(user.id)}` },
  };
}

/**
 * A signed JWT (HS256) with the claims of a member, for `serviceVisitorClaims` on ping. The key is
 * generated once per data directory so the claims verify across restarts.
 */
export function visitorClaims(store: Store, claims: Record<string, unknown>): string {
  let secret = store.getMeta('jwtSecret');
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    store.setMeta('jwtSecret', secret);
  }
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
