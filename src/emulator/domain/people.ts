import { presentUser as presentUserDoc, type UserDoc } from '../auth.js';
import type { z } from 'zod';
import type { User } from '../../api/schemas/common.js';
import type { Store } from '../store/store.js';

/** The spec's `User` for a stored user id (authors of change requests, comments, reactions). */
export function presentUser(store: Store, userId: string, baseUrl: string): z.input<typeof User> {
  // A user removed since keeps showing under their id rather than breaking the resource.
  const user = store.get<UserDoc>('user', userId) ?? { id: userId, displayName: userId };
  return presentUserDoc(baseUrl, user);
}
