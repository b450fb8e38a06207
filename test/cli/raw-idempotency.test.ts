import { describe, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import { RouteTable } from '../../src/api/routes.js';

/** What `docs api` does to find the operation of a raw request: the emulator's own route table. */
const table = new RouteTable(allOperations);
const matchOperation = (method: string, path: string) => {
  const route = table.match(method, path);
  return route.kind === 'found' ? route.operation : undefined;
};

describe('the operation behind a raw request', () => {
  it.each([
    ['PATCH', '/v1/spaces/sp_1', 'updateSpaceById'],
    ['POST', '/v1/spaces/sp_1/change-requests', 'createChangeRequest'],
    ['POST', '/v1/spaces/sp_1/change-requests/3/merge', 'mergeChangeRequest'],
    ['POST', '/v1/spaces/sp_1/move', 'moveSpace'],
    ['GET', '/v1/orgs/o1/sites', 'listSites'],
  ])('%s %s → %s', (method, path, id) => {
    expect(matchOperation(method, path)?.id).toBe(id);
  });

  it('every operation of the table is found from its own path', () => {
    const misses = allOperations.filter((op) => matchOperation(op.method, op.path.replace(/\{(\w+)\}/g, 'x_$1'))?.id !== op.id);
    expect(misses.map((op) => op.id)).toEqual([]);
  });

  it('knows nothing of paths outside the table, or of an empty segment', () => {
    expect(matchOperation('PATCH', '/v1/nothing/here')).toBeUndefined();
    expect(matchOperation('GET', '/v1/spaces/')).toBeUndefined();
  });
});
