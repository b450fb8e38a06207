import { describe, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import { can, checkAccess, operationAccess, permissionsFor, roleOf, type MinimumRole } from '../../src/emulator/access.js';
import { startEmulator } from '../../src/emulator/server.js';
import { DEMO } from './helpers.js';

describe('access table', () => {
  it('has one row per operation of the table, and no other', () => {
    const ids = allOperations.map((op) => op.id).sort();
    expect(Object.keys(operationAccess).sort()).toEqual(ids);
    expect(ids).toHaveLength(134);
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

  it('follows the defaults: reads need read, merges review, settings admin, pings anyone', () => {
    expect(operationAccess.getSpaceById).toBe('read');
    expect(operationAccess.postCommentInSpace).toBe('comment');
    expect(operationAccess.createChangeRequest).toBe('edit');
    expect(operationAccess.mergeChangeRequest).toBe('review');
    expect(operationAccess.createCollection).toBe('create');
    expect(operationAccess.updateOrganizationById).toBe('admin');
    expect(operationAccess.updateOrganizationMemberLastSeenAt).toBe('guest');
    const adminDeletes = [
      'deleteSpaceById',
      'deleteSiteById',
      'deleteCollectionById',
      'removeTeamFromOrganizationById',
      'deleteOrganizationSAMLProvider',
      'deleteOrganizationInviteById',
      'removeMemberFromOrganizationById',
    ];
    for (const id of adminDeletes) expect(operationAccess[id], id).toBe('admin');
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
