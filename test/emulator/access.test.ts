import { describe, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import { can, checkAccess, permissionsFor, policyOf, roleOf, type MinimumRole } from '../../src/emulator/access.js';
import { policies } from '../../src/emulator/policies.js';
import { startEmulator } from '../../src/emulator/server.js';
import { loadSpec, resolve } from '../helpers/spec.js';
import { ACCESS_RULES, expectedAccess } from './expected-access.js';
import { DEMO } from './helpers.js';

describe('access policies', () => {
  it('has one row per operation of the table, and no other', () => {
    const ids = allOperations.map((op) => op.id).sort();
    expect(Object.keys(policies).sort()).toEqual(ids);
    expect(ids).toHaveLength(134);
    // No default row: an id without one is a programming error, not an admin-only operation.
    expect(() => policyOf('sortSiteStructure')).toThrow(/sortSiteStructure has no access policy/);
    expect(() => policyOf('toString')).toThrow(/no access policy/);
  });

  it('the expected-access rules name every operation exactly once', () => {
    const named = ACCESS_RULES.flatMap((rule) => rule.operations);
    const twice = named.filter((id, i) => named.indexOf(id) !== i);
    expect(twice, 'in two rules').toEqual([]);
    expect([...named].sort()).toEqual(allOperations.map((op) => op.id).sort());
  });

  it('every row agrees with the contract’s rule for its operation', () => {
    const wrong: string[] = [];
    for (const op of allOperations) {
      const rule = expectedAccess(op.id);
      const policy = policies[op.id];
      if (!rule) continue;
      const minimum = rule.minimum === 'signed-in' ? 'guest' : rule.minimum;
      const spansOrganizations = rule.minimum === 'signed-in';
      if (policy.minimum !== minimum) wrong.push(`${op.id}: minimum ${policy.minimum}, the rule says ${minimum} (${rule.why})`);
      if ((policy.organization === 'none') !== spansOrganizations)
        wrong.push(`${op.id}: organization from ${policy.organization} (${rule.why})`);
      if ((policy.teamOwner === true) !== (rule.teamOwners === true)) wrong.push(`${op.id}: teamOwner ${policy.teamOwner} (${rule.why})`);
    }
    expect(wrong).toEqual([]);
  });

  it('adds a Location header to the 201s that document one in the official spec, and only to them', () => {
    const { doc, ops } = loadSpec();
    const documented = allOperations
      .filter((op) => {
        const created = ops.get(op.id)?.responses['201'];
        const headers = created && (resolve(doc, created).headers as Record<string, unknown> | undefined);
        return headers?.Location !== undefined;
      })
      .map((op) => op.id);
    expect(documented.length).toBeGreaterThan(0);
    expect(allOperations.filter((op) => policies[op.id].location === true).map((op) => op.id)).toEqual(documented);
  });

  it('ranks roles admin > create > review > edit > comment > read > guest', () => {
    const order: MinimumRole[] = ['guest', 'read', 'comment', 'edit', 'review', 'create', 'admin'];
    order.forEach((role, i) => {
      order.forEach((minimum, j) => {
        expect(can(role === 'guest' ? null : role, minimum), `${role} vs ${minimum}`).toBe(i >= j);
      });
    });
    expect(can(undefined, 'guest')).toBe(false);
  });

  it('computes permissions from the same rows', () => {
    expect(permissionsFor('edit', { merge: 'mergeChangeRequest', edit: 'createChangeRequest', read: 'read' })).toEqual({
      merge: false,
      edit: true,
      read: true,
    });
    expect(permissionsFor(undefined, { view: 'getSpaceById' })).toEqual({ view: false });
  });

  it('resolves the organization from the path and refuses outsiders with 404, low roles with 403', async () => {
    const emu = await startEmulator({ seed: 'demo' });
    try {
      const { store } = emu;
      expect(roleOf(store, DEMO.users.guest, DEMO.org)).toBeNull();
      expect(roleOf(store, DEMO.users.otherAdmin, DEMO.org)).toBeUndefined();
      expect(checkAccess(store, DEMO.users.read, 'getSpaceById', { spaceId: DEMO.spaces.guides })).toEqual({
        ok: true,
        organizationId: DEMO.org,
        role: 'read',
      });
      expect(checkAccess(store, DEMO.users.read, 'deleteSpaceById', { spaceId: DEMO.spaces.guides })).toMatchObject({
        ok: false,
        status: 403,
      });
      expect(checkAccess(store, DEMO.users.otherAdmin, 'getSpaceById', { spaceId: DEMO.spaces.guides })).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(checkAccess(store, DEMO.users.otherAdmin, 'getCollectionById', { collectionId: DEMO.collections.guides })).toMatchObject({
        ok: false,
        status: 404,
      });
      // A missing object is the handler's 404; operations across organizations need no membership.
      expect(checkAccess(store, DEMO.users.read, 'getSpaceById', { spaceId: 'sp_nowhere' })).toEqual({ ok: true });
      expect(checkAccess(store, DEMO.users.guest, 'getOrganizationsForEmailDomain', { emailDomain: 'acme.test' })).toEqual({ ok: true });
    } finally {
      await emu.close();
    }
  });
});
