import type { Operation } from '../operation.js';
import { changeRequests } from './change-requests.js';

/**
 * The operation table: every operation of the contract, grouped by area. The client's methods
 * (`client.<area>.<name>`), the emulator's router and the CLI commands are all derived from it.
 */
export const areas = {
  changeRequests,
} as const;

type AllOps = { [A in keyof typeof areas]: (typeof areas)[A][keyof (typeof areas)[A]] }[keyof typeof areas];

/** Every operation, keyed by its official operationId. */
export const operationsById: Record<string, Operation> = Object.fromEntries(
  Object.values(areas).flatMap((ops) => Object.values(ops as Record<string, Operation>).map((op) => [op.id, op])),
);

export const allOperations: readonly AllOps[] = Object.values(operationsById) as AllOps[];

/** The area and method name of each operation (`mergeChangeRequest` → `changeRequests.merge`). */
export const operationNames: Record<string, { area: string; name: string }> = Object.fromEntries(
  Object.entries(areas).flatMap(([area, ops]) => Object.entries(ops as Record<string, Operation>).map(([name, op]) => [op.id, { area, name }])),
);
