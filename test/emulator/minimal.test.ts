import { beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { loadSpec, resolve, type JsonSchema } from '../helpers/spec.js';
import { specErrors, specValidator } from '../helpers/spec-validate.js';
import { DEMO } from './helpers.js';
import { demoSnapshot, loadScenarios, scenarioPath, sendScenario, startScenario } from './scenarios/index.js';
import type { Scenario, ScenarioBuilder, World } from './scenarios/types.js';

/*
 * The contract in its corners: every operation with a request body is called (as the demo admin)
 * with only the fields the official spec requires, and then every readable operation is called on
 * the state that leaves behind: the lists that now hold the object, and the object read back by
 * its id. Every success answer must validate against the spec, so a default the emulator fills in
 * (a SAML provider's `ssoURL`, a site's `urls`) has to be in the contract's format too.
 */

const builders = await loadScenarios();
const operations = allOperations as readonly Operation[];
const reads = operations.filter((op) => op.method === 'GET' && builders[op.id]);

let snapshot: Buffer;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

type Body = Record<string, unknown>;

/** The required property names of a request body schema; for a oneOf, those of the branch the scenario's body takes. */
function requiredKeys(schema: JsonSchema, body: Body): string[] {
  const { doc } = loadSpec();
  const s = resolve(doc, schema);
  const own = [...(s.required ?? []), ...(s.allOf ?? []).flatMap((part) => requiredKeys(part, body))];
  const branches = (s.oneOf ?? s.anyOf ?? []).map((b) => resolve(doc, b));
  const taken = branches
    .filter((b) => (b.required ?? []).every((key) => key in body))
    .sort((a, b) => (a.required?.length ?? 0) - (b.required?.length ?? 0))[0];
  return [...new Set([...own, ...(taken?.required ?? [])])];
}

/** The scenario's body cut down to what the spec requires (values kept: they name real objects). */
function minimalBody(op: Operation, body: unknown): unknown {
  const schema = loadSpec().ops.get(op.id)?.requestBody?.content?.['application/json']?.schema;
  if (!schema || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const keys = requiredKeys(schema, body as Body);
  const entries = Object.entries(body as Body);
  const kept = entries.filter(([key]) => keys.includes(key));
  // A body with no required field but `minProperties` (a move: parent or position) keeps that many.
  const least = resolve(loadSpec().doc, schema).minProperties ?? 0;
  for (const entry of entries) if (kept.length < least && !kept.includes(entry)) kept.push(entry);
  return Object.fromEntries(kept);
}

/** The operation reading one object of the kind `op` creates: its path plus one `{id}` segment. */
function readBack(op: Operation): Operation | undefined {
  return reads.find((r) => new RegExp(`^${op.path.replace(/[{}]/g, '\\$&')}/\\{\\w+\\}$`).test(r.path));
}

const withBody = operations.filter((op) => op.body !== undefined && builders[op.id]);

async function check(world: World, op: Operation, scenario: Scenario, token: string, problems: string[], gone = false): Promise<unknown> {
  const path = scenarioPath(op, scenario);
  const res = await sendScenario(world, op, scenario, token, path);
  // A read of a demo object that the operation replaced (a Git import rewrites the pages).
  if (gone && res.status === 404) return undefined;
  const label = `${op.method} ${path} ${JSON.stringify(scenario.body ?? '')}`.slice(0, 300);
  if (!op.success.includes(res.status)) {
    problems.push(`${label} → ${res.status}: ${res.text.slice(0, 300)}`);
    return undefined;
  }
  const validate = specValidator(op.id);
  if (validate && res.text !== '' && !validate(res.body)) problems.push(`${label} → ${res.status}: ${specErrors(validate).slice(0, 600)}`);
  return res.body;
}

it('covers every operation with a request body, and some of them read back by id', () => {
  expect(withBody.length).toBeGreaterThan(40);
  expect(withBody.filter((op) => op.method !== 'GET' && readBack(op)).map((op) => op.id)).toEqual(
    expect.arrayContaining([
      'createOrganizationSAMLProvider',
      'createSite',
      'createOrganizationTeam',
      'createChangeRequest',
      'createTranslation',
      'createOpenAPISpec',
      'postCommentInSpace',
    ]),
  );
});

describe('minimal bodies, then every read', () => {
  for (const op of withBody) {
    it(op.id, async () => {
      const build = builders[op.id] as ScenarioBuilder;
      const { emu, world } = await startScenario(snapshot, { userId: DEMO.users.admin, token: DEMO.tokens.admin });
      const problems: string[] = [];
      try {
        const full = await build(world);
        const scenario = { ...full, body: minimalBody(op, full.body) };
        const created = (await check(world, op, scenario, DEMO.tokens.admin, problems)) as { id?: unknown } | undefined;
        const byId = readBack(op);
        if (byId && typeof created?.id === 'string') {
          const last = byId.pathParams[byId.pathParams.length - 1] as string;
          const key = (created as Record<string, unknown>)[last.endsWith('Slug') ? 'slug' : 'id'] as string;
          await check(world, byId, { params: { ...scenario.params, [last]: key } }, DEMO.tokens.admin, problems);
        }
        let checked = 0;
        for (const read of reads) {
          // Read scenarios prepare state of their own; one whose setup collides with an earlier
          // one's (the same slug twice) is left out here and runs on its own in matrix.test.ts.
          const readScenario = await (async () => (builders[read.id] as ScenarioBuilder)(world))().catch(() => undefined);
          if (!readScenario) continue;
          checked++;
          await check(world, read, readScenario, DEMO.tokens.admin, problems, true);
        }
        expect(checked).toBeGreaterThan(reads.length * 0.8);
      } finally {
        await emu.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
