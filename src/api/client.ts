import { areas, operationsById, type OperationId, type OperationsById } from './operations/index.js';
import type { Operation, OperationParams, OperationResult } from './operation.js';
import type { HttpClient } from './http.js';
import { OperationClient, type CallOptions, type DocsClientOptions } from './request.js';
import { ValidationError } from './validation.js';

export { OperationClient, type CallOptions, type DocsClientOptions, type PreparedRequest } from './request.js';

type Areas = typeof areas;
/** One method of `client.<area>`; `params` may be left out when nothing in it is required. */
export type OperationMethod<O> =
  {} extends OperationParams<O>
    ? (params?: OperationParams<O>, options?: CallOptions) => Promise<OperationResult<O>>
    : (params: OperationParams<O>, options?: CallOptions) => Promise<OperationResult<O>>;
type AreaMethods<A> = { [K in keyof A]: A[K] extends Operation ? OperationMethod<A[K]> : never };
export type ClientAreas = { [A in keyof Areas]: AreaMethods<Areas[A]> };
/** The official operationIds of the table (`mergeChangeRequest`, ...). */
export type { OperationId };
/** Params of `request(id, ...)`: typed for a known id, a plain record for an id only known at run time. */
export type RequestParams<I extends string> = I extends OperationId ? OperationParams<OperationsById[I]> : Record<string, unknown>;
export type RequestResult<I extends string> = I extends OperationId ? OperationResult<OperationsById[I]> : unknown;

/**
 * The typed client: one method per operation of the contract, grouped by area
 * (`client.changeRequests.merge({spaceId, changeRequestId})`), generated from the operation table.
 */
// The area methods are attached at construction; the interface below merges their types into the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class DocsClient extends OperationClient {
  constructor(options: DocsClientOptions, http?: HttpClient) {
    super(options, http);
    for (const [areaName, ops] of Object.entries(areas)) {
      const methods: Record<string, unknown> = {};
      for (const [name, op] of Object.entries(ops as Record<string, Operation>)) {
        methods[name] = (params: Record<string, unknown> | undefined, opts?: CallOptions) => this.call(op, params ?? {}, opts);
      }
      Object.defineProperty(this, areaName, { value: Object.freeze(methods), enumerable: true });
    }
  }

  /** Call an operation by its official operationId (`mergeChangeRequest`); typed when the id is a literal. */
  request<I extends string>(
    id: I,
    ...args: {} extends RequestParams<I>
      ? [params?: RequestParams<I>, options?: CallOptions]
      : [params: RequestParams<I>, options?: CallOptions]
  ): Promise<RequestResult<I>>;
  request(id: string, params: Record<string, unknown> = {}, options: CallOptions = {}): Promise<unknown> {
    const op = operationsById[id];
    // Rejected rather than thrown, like every other failure of a call.
    if (!op) return Promise.reject(new ValidationError(`unknown operation "${id}"`));
    return this.call(op, params, options);
  }
}

// The area methods are attached at construction; this merges their types into the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface DocsClient extends ClientAreas {}
