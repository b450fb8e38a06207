import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import * as entry from '../../src/index.js';

/*
 * The package as a library user gets it: the tarball `npm pack` makes (built dist/: the test run builds it first,
 * see test/global-setup.ts), unpacked into an empty project's node_modules as npm installs it, and imported as
 * `docs-cli` by a plain Node.js script, run as a child process against an emulator. The registry is not asked:
 * the package's dependencies are this repository's node_modules, linked in (what `npm install docs-cli` would put
 * there, at the versions of the lockfile), and so is zod for the script's own `import 'zod'`.
 *
 * A module hook fails the script if anything of the command line is loaded (the CLI bundle, bin/, oclif, Ink):
 * the library runs without the CLI's start-up code.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const HOOKS = `
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (/[\\\\/]docs-cli[\\\\/](dist[\\\\/]bin|dist[\\\\/]cli|bin)[\\\\/]|[\\\\/]node_modules[\\\\/](@oclif|ink|react)[\\\\/]/.test(result.url))
    throw new Error('the library loaded code of the command line: ' + result.url);
  return result;
}
`;

const REGISTER = `
import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
`;

const SCRIPT = `
import { types } from 'node:util';
import * as z from 'zod';
import * as lib from 'docs-cli';

const [baseUrl, token] = process.argv.slice(2);
const client = new lib.DocsClient({ baseUrl, token });
const out = { names: Object.keys(lib).sort() };

// Three operations against the emulator: a read, a write, and every page of a list.
const space = await client.spaces.get({ spaceId: 'space_guides' });
out.space = space.id;
const cr = await client.changeRequests.create({ spaceId: 'space_guides', body: { subject: 'From the package' } });
out.cr = cr.subject;
out.members = 0;
for await (const member of client.paginate(lib.areas.members.list, { organizationId: 'org_acme' }, { pageSize: 2 })) {
  if (typeof member.user?.id === 'string') out.members++;
}

// Refused before sending: a ValidationError, which is a DocsError with the usage exit code.
try {
  await client.changeRequests.create({ spaceId: 'space_guides', body: { subject: 'x'.repeat(1000) } });
} catch (err) {
  out.refused = { validation: err instanceof lib.ValidationError, docs: err instanceof lib.DocsError, exitCode: err.exitCode, message: err.message };
}

// The error of a bad token names no token.
try {
  await new lib.DocsClient({ baseUrl, token: 'not-a-token-0123456789' }).spaces.get({ spaceId: 'space_guides' });
} catch (err) {
  out.unauthorized = { status: err.status, exitCode: err.exitCode, leaks: err.message.includes('not-a-token-0123456789') };
}

// The schemas are zod's own: no stand-in, .shape, .extend() and z.toJSONSchema as zod documents them.
const body = lib.areas.changeRequests.create.body;
const response = lib.areas.spaces.get.response;
out.schemas = {
  proxy: types.isProxy(body) || types.isProxy(response) || types.isProxy(response.shape.id),
  shape: Object.keys(body.shape).includes('subject'),
  extended: response.extend({ mine: z.boolean() }).parse({ ...space, mine: true }).mine,
  json: z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }).properties.subject,
};
console.log(JSON.stringify(out));
`;

let emulator: RunningEmulator;
let project: string;
let packed: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: 'demo' });
  project = mkdtempSync(join(tmpdir(), 'docs-package-'));
  const packs = join(project, 'packs');
  mkdirSync(packs);
  const [tarball] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', packs, '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' }),
  ) as { filename: string; files: { path: string }[] }[];
  packed = join(packs, tarball!.filename);
  const pkg = join(project, 'node_modules', 'docs-cli');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['-xzf', packed, '-C', pkg, '--strip-components=1']);
  symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', 'zod'), join(project, 'node_modules', 'zod'), 'dir');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'library-user', private: true, type: 'module' }));
  writeFileSync(join(project, 'hooks.mjs'), HOOKS);
  writeFileSync(join(project, 'register.mjs'), REGISTER);
  writeFileSync(join(project, 'script.mjs'), SCRIPT);
}, 120_000);

afterAll(async () => {
  await emulator?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the packed library', () => {
  it('calls three operations against the emulator from plain Node.js, with none of the command line loaded', async () => {
    // Not execFileSync: the emulator answers from this process.
    const { stdout: out } = await promisify(execFile)(
      process.execPath,
      ['--import', './register.mjs', 'script.mjs', emulator.url, 'demo-admin-token'],
      {
        cwd: project,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: project },
      },
    );
    const got = JSON.parse(out) as Record<string, unknown>;
    expect(got.names).toEqual(Object.keys(entry).sort());
    expect(got).toMatchObject({
      space: 'space_guides',
      cr: 'From the package',
      refused: {
        validation: true,
        docs: true,
        exitCode: 2,
        message: expect.stringMatching(/^body\.subject: must be at most \d+ characters$/),
      },
      unauthorized: { status: 401, exitCode: 4, leaks: false },
      schemas: { proxy: false, shape: true, extended: true, json: { type: 'string' } },
    });
    expect(got.members).toBeGreaterThan(2);
  });

  it('the module hook refuses code of the command line, so the check above can fail', () => {
    // The exports map keeps bin/ out of reach of `docs-cli/…`; its path is what a leak would load.
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        './register.mjs',
        '-e',
        `import(${JSON.stringify(join(project, 'node_modules', 'docs-cli', 'bin', 'run.js'))}).catch((err) => console.log(err.message))`,
      ],
      { cwd: project, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: project } },
    );
    expect(out).toContain('the library loaded code of the command line');
  });
});
