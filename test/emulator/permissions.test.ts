import { beforeAll, expect, it } from 'vitest';
import { operationsById } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { call, DEMO, type Api } from './helpers.js';
import { demoSnapshot, loadScenarios, sendScenario, startScenario } from './scenarios/index.js';
import type { Scenario } from './scenarios/types.js';

/*
 * A resource's `permissions` must tell the caller what the emulator will let them do: for every
 * demo role, each flag below is read from the resource (as that caller) and compared with what
 * happens when the caller runs the operation the flag stands for (its matrix scenario).
 */

type Resource = (params: Scenario['params']) => string;
const space: Resource = (p) => `/v1/spaces/${p.spaceId}`;
const collection: Resource = (p) => `/v1/collections/${p.collectionId ?? DEMO.collections.guides}`;
const organization: Resource = (p) => `/v1/orgs/${p.organizationId ?? DEMO.org}`;
const spec: Resource = (p) => `/v1/orgs/${p.organizationId}/openapi/${p.specSlug}`;
const translation: Resource = (p) => `/v1/orgs/${p.organizationId}/translations/${p.translationId}`;

const CHECKS: [Resource, string, string][] = [
  [space, 'view', 'getSpaceById'],
  [space, 'admin', 'updateSpaceById'],
  [space, 'edit', 'createChangeRequest'],
  [space, 'comment', 'postCommentInSpace'],
  [space, 'merge', 'mergeChangeRequest'],
  [space, 'triggerGitSync', 'importGitRepository'],
  [collection, 'view', 'getCollectionById'],
  [collection, 'admin', 'updateCollectionById'],
  [collection, 'create', 'createCollection'],
  [organization, 'admin', 'updateOrganizationById'],
  [organization, 'listMembers', 'listMembersInOrganizationById'],
  [organization, 'listTeams', 'listTeamsInOrganizationById'],
  [organization, 'createContent', 'createCollection'],
  [organization, 'createOpenAPISpec', 'createOpenAPISpec'],
  [spec, 'view', 'getOpenAPISpecBySlug'],
  [spec, 'edit', 'createOrUpdateOpenAPISpecBySlug'],
  [translation, 'view', 'getTranslation'],
  [translation, 'edit', 'updateTranslation'],
];
const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'] as const;

const builders = await loadScenarios();
let snapshot: Buffer;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

it('permissions say what each role may do, exactly as the router decides', async () => {
  const problems: string[] = [];
  for (const role of ROLES) {
    for (const [resource, flag, operationId] of CHECKS) {
      const op = operationsById[operationId] as Operation;
      const { emu, world } = await startScenario(snapshot, { userId: DEMO.users[role], token: DEMO.tokens[role] });
      try {
        const caller: Api = (method, path, options = {}) => call(emu.url, method, path, { token: DEMO.tokens[role], ...options });
        const scenario = await (builders[operationId] as NonNullable<(typeof builders)[string]>)(world);
        const seen = await caller('GET', resource(scenario.params));
        // A resource the caller cannot read grants nothing.
        const granted = seen.status === 200 ? seen.body.permissions?.[flag] : false;
        if (typeof granted !== 'boolean') {
          problems.push(`${role}: ${resource(scenario.params)} has no permissions.${flag}`);
          continue;
        }
        const res = await sendScenario(world, op, scenario, DEMO.tokens[role]);
        const allowed = op.success.includes(res.status);
        if (!allowed && res.status !== 403) problems.push(`${role}: ${operationId} → ${res.status} ${res.text.slice(0, 160)}`);
        else if (allowed !== granted) problems.push(`${role}: permissions.${flag} is ${granted} but ${operationId} answers ${res.status}`);
      } finally {
        await emu.close();
      }
    }
  }
  expect(problems).toEqual([]);
}, 180_000);
