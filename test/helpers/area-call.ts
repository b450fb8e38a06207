import type { Operation } from '../../src/api/operation.js';
import { areas } from '../../src/api/operations/index.js';

/**
 * `call(op, params, options)` for a client double written as area methods (`content.getPage`), as the
 * typed client does it: the operation's area and name in the table pick the method. A call of an
 * operation the double has no method for fails the test.
 */
export function withCall<C extends object>(
  client: C,
): C & { call: (op: Operation, params: unknown, options?: unknown) => Promise<unknown> } {
  const call = (op: Operation, params: unknown, options?: unknown): Promise<unknown> => {
    for (const [area, ops] of Object.entries(areas)) {
      for (const [name, entry] of Object.entries(ops as Record<string, Operation>)) {
        if (entry.id !== op.id) continue;
        const method = (client as Record<string, Record<string, unknown> | undefined>)[area]?.[name];
        if (typeof method !== 'function') throw new Error(`the test client has no ${area}.${name}`);
        return Promise.resolve((method as (p: unknown, o: unknown) => unknown)(params, options));
      }
    }
    throw new Error(`${op.id} is not in the operation table`);
  };
  return Object.assign(client, { call });
}
