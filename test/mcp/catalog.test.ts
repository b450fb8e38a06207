import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/api/operation.js';
import { allOperations } from '../../src/api/operations/index.js';
import {
  annotationsOf,
  argumentPlan,
  DEFAULT_TOOLSETS,
  inputSchema,
  jsonSchemaOf,
  operationEntries,
  safetyOf,
  TOOLSETS,
} from '../../src/mcp/catalog.js';
import { parsePageUri, pageUri } from '../../src/mcp/server.js';
import { AnswerStore, answerPart, fitted, listText, oneLine, textPart } from '../../src/mcp/results.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COMMANDS = join(ROOT, 'src', 'commands');

function commandFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? commandFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The topics of each operation's commands (`docs cr merge` → cr), from their `static operations`. */
async function commandTopics(): Promise<{ topics: Map<string, Set<string>>; confirming: Set<string> }> {
  const topics = new Map<string, Set<string>>();
  const confirming = new Set<string>();
  for (const file of commandFiles(COMMANDS)) {
    const mod = (await import(file)) as { default?: { operations?: readonly Operation[]; flags?: Record<string, unknown> } };
    const topic = file
      .slice(COMMANDS.length + 1)
      .split('/')[0]!
      .replace(/\.ts$/, '');
    for (const op of mod.default?.operations ?? []) {
      topics.set(op.id, (topics.get(op.id) ?? new Set()).add(topic));
      if (mod.default?.flags?.yes !== undefined && op.method !== 'GET') confirming.add(op.id);
    }
  }
  return { topics, confirming };
}

describe('the operation tools', () => {
  it('gives each of the 134 operations one toolset, a CLI topic that has a command for it', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { oclif: { topics: Record<string, unknown> } };
    const cliTopics = Object.keys(pkg.oclif.topics);
    for (const t of TOOLSETS) expect(cliTopics, t).toContain(t);
    expect(operationEntries).toHaveLength(134);
    const { topics } = await commandTopics();
    for (const { op, toolset } of operationEntries) {
      const where = [...(topics.get(op.id) ?? [])];
      // A list of a change request's file backlinks is `docs spaces file-backlinks --cr`: the cr toolset has it.
      if (op.id === 'listChangeRequestFileBacklinks') continue;
      expect(where, op.id).toContain(toolset);
    }
    expect(DEFAULT_TOOLSETS).toEqual(['spaces', 'cr', 'comments']);
  });

  it('classifies every operation the CLI confirms first as destructive, and every GET as read-only', async () => {
    const { confirming } = await commandTopics();
    expect(confirming.size).toBeGreaterThan(20);
    for (const id of confirming) {
      const op = allOperations.find((o) => o.id === id)!;
      expect(safetyOf(op), id).toBe('destructive');
    }
    for (const op of allOperations) {
      const a = annotationsOf(op);
      expect(a.readOnlyHint, op.id).toBe(op.method === 'GET');
      expect(a.idempotentHint, op.id).toBe(op.idempotent);
      if (op.method === 'DELETE') expect(a.destructiveHint, op.id).toBe(true);
      if (a.readOnlyHint) expect(a.destructiveHint, op.id).toBe(false);
    }
    const names = (s: string) => operationEntries.filter((e) => e.safety === s).map((e) => e.op.id);
    expect(names('destructive')).toEqual(
      expect.arrayContaining(['mergeChangeRequest', 'transferSpace', 'importContent', 'deleteSpaceById']),
    );
    expect(names('write')).toEqual(expect.arrayContaining(['createChangeRequest', 'updateChangeRequestById', 'postCommentInSpace']));
  });

  it('builds one input object per operation: no name used twice, a valid JSON Schema with the bounds', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const op of allOperations) {
      const plan = argumentPlan(op);
      const names = [...plan.path, ...plan.query, ...plan.body, ...(plan.paginated ? ['limit', 'cursor'] : [])];
      expect(new Set(names).size, op.id).toBe(names.length);
      const schema = jsonSchemaOf(inputSchema(op));
      expect(schema.type).toBe('object');
      expect(Object.keys(schema.properties as object).sort(), op.id).toEqual([...names].sort());
      expect(() => ajv.compile(schema), op.id).not.toThrow();
    }
    const list = jsonSchemaOf(inputSchema(allOperations.find((o) => o.id === 'listChangeRequestsForSpace')!));
    expect(list.properties).toMatchObject({ limit: { type: 'integer', minimum: 1, maximum: 1000 }, cursor: { type: 'string' } });
    expect(list.properties).not.toHaveProperty('page');
    expect(list.required).toEqual(['spaceId']);
    expect(list.additionalProperties).toBe(false);
  });
});

describe('docs mcp', () => {
  it('names the toolsets and the default set in its help as the catalog has them', async () => {
    const { default: Mcp } = await import('../../src/commands/mcp.js');
    expect(Mcp.description).toContain(`(${TOOLSETS.join(', ')})`);
    expect(Mcp.flags.toolsets.default).toBe(DEFAULT_TOOLSETS.join(','));
  });
});

describe('answers', () => {
  it('says whether more items follow and how to get them, then gives the items whole', () => {
    expect(listText([{ id: 'cr_1', number: 1, subject: 'Fix' }], 'p2', 3)).toBe(
      '1 of 3 items; more follow: call again with cursor "p2".\n[{"id":"cr_1","number":1,"subject":"Fix"}]',
    );
    expect(listText([], null, undefined)).toBe('0 items; no more follow.\n[]');
    expect(oneLine({ user: { id: 'usr_a', displayName: 'Ada' }, role: null })).toBe('user { displayName: Ada · id: usr_a }');
  });

  it('gives a long answer in parts that join into its JSON, and says how to read the next', () => {
    const value = { text: 'x'.repeat(250) };
    const json = JSON.stringify(value);
    const ctx = { maxResultChars: 100, answers: new AnswerStore() };
    const first = fitted(ctx, value);
    expect(first.structuredContent).toMatchObject({ cut: true, answer: 'a1', offset: 0, nextOffset: 100, totalChars: json.length });
    expect(first.content[0]!.text).toBe(json.slice(0, 100));
    expect(first.content[1]!.text).toContain('call docs_read_answer with answer: "a1", offset: 100');
    let whole = first.content[0]!.text;
    for (let offset: number | null = 100; offset !== null;) {
      const part = answerPart('a1', ctx.answers.get('a1')!, offset, 100);
      whole += part.content[0]!.text;
      offset = part.structuredContent!.nextOffset as number | null;
    }
    expect(whole).toBe(json);
    // Small enough: whole, once in the text and as the structured content.
    expect(fitted(ctx, { id: 'x' })).toEqual({ content: [{ type: 'text', text: 'id: x\n{"id":"x"}' }], structuredContent: { id: 'x' } });
    expect(textPart('abcdef', 2, 3)).toEqual({ text: 'cde', offset: 2, nextOffset: 5, totalChars: 6 });
    expect(textPart('abcdef', 4, 3)).toEqual({ text: 'ef', offset: 4, nextOffset: null, totalChars: 6 });
    // Never half of a surrogate pair.
    expect(textPart('ab😀cd', 0, 3)).toEqual({ text: 'ab', offset: 0, nextOffset: 2, totalChars: 6 });
  });

  it('keeps the last long answers within its bounds', () => {
    const store = new AnswerStore(2, 1000);
    const [a, b, c] = [store.keep('1'), store.keep('2'), store.keep('3')];
    expect([store.get(a), store.get(b), store.get(c)]).toEqual([undefined, '2', '3']);
    const big = store.keep('x'.repeat(2000));
    expect([store.get(c), store.get(big)?.length]).toEqual([undefined, 2000]);
  });

  it('names pages by docs:// URIs that survive the round trip', () => {
    const uri = pageUri('space_guides', 'installation/mac os');
    expect(uri).toBe('docs://spaces/space_guides/pages/installation/mac%20os');
    expect(parsePageUri(uri)).toEqual({ spaceId: 'space_guides', path: 'installation/mac os' });
    expect(parsePageUri('docs://spaces/s/change-requests/2/pages/a/b')).toEqual({ spaceId: 's', changeRequestId: '2', path: 'a/b' });
    expect(parsePageUri('docs://spaces/s/files/x')).toBeUndefined();
  });
});
