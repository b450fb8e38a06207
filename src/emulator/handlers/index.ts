import type { HandlerTable } from '../types.js';

/**
 * Every handler, by operationId. Each area's file exports a HandlerTable; add it to the list.
 * An operation without a handler answers 501 (the emulator refuses rather than pretending).
 */
const tables: HandlerTable[] = [];

export const handlers: HandlerTable = Object.assign({}, ...tables);
