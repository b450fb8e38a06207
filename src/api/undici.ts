import type { Dispatcher, Agent as UndiciAgent } from 'undici';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import apiRequest from 'undici/lib/api/api-request.js';

/**
 * The two parts of undici the transport uses, without undici's index: that one loads fetch, WebSocket,
 * the cache stores, the mock agents and every interceptor (about three times the code), which every
 * command making a request paid for at start-up.
 */
export const Agent: typeof UndiciAgent = AgentClass;
export type Agent = UndiciAgent;

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher };

/** undici's `request(url, options)`: the URL split into origin and path, sent on the given dispatcher. */
export function request(url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { origin, pathname, search } = new URL(url);
  const { dispatcher, ...rest } = options;
  return apiRequest.call(dispatcher, { ...rest, origin, path: `${pathname}${search}` });
}
