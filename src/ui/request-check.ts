import type { Operation } from '../api/operation.js';
import type { OperationClient } from '../api/request.js';
import { describeError } from '../cli/errors.js';

/**
 * What is wrong with a request before it is sent, as the client would refuse it (the operation's schema: a
 * subject's or a search's bound), or undefined: a text box says it under the text and keeps it.
 */
export function requestProblem(
  client: Pick<OperationClient, 'prepare'>,
  op: Operation,
  params: Record<string, unknown>,
): string | undefined {
  try {
    client.prepare(op, params);
    return undefined;
  } catch (error) {
    return `${describeError(error)}. Change the text, or esc to cancel.`;
  }
}
