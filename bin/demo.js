#!/usr/bin/env node
/*
 * The quick start (`npm run demo`, which builds first): starts the local emulator with its demo
 * data, then runs a real `docs` session against it — each command printed before it runs — and
 * stops the emulator. Nothing leaves the machine; the profile lives in a temporary directory.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = join(root, 'bin', 'run.js');
if (!existsSync(join(root, 'dist', 'commands'))) {
  console.error('The CLI is not built yet: run `npm run demo` (it builds first) or `npm run build`.');
  process.exit(1);
}

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (text) => (tty ? `\u001B[1m${text}\u001B[22m` : text);
const dim = (text) => (tty ? `\u001B[2m${text}\u001B[22m` : text);

// The session must not pick up the caller's own token, server or profile.
const env = { ...process.env, DOCS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'docs-demo-')) };
for (const name of ['DOCS_TOKEN', 'DOCS_API_URL', 'DOCS_PROFILE', 'GITBOOK_TOKEN', 'GITBOOK_ENDPOINT']) delete env[name];

const emulator = spawn(process.execPath, [bin, 'emulator', 'start', '--port', '0', '--seed', 'demo'], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  if (emulator.exitCode === null) emulator.kill('SIGTERM');
  rmSync(env.DOCS_CONFIG_DIR, { recursive: true, force: true });
};
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

/** The emulator prints its base URL, then `token <t> user <id> <name> role <role> org <org>` lines. */
async function started() {
  let buffer = '';
  for await (const chunk of emulator.stdout) {
    buffer += chunk.toString();
    const lines = buffer.split('\n').filter(Boolean);
    if (lines.length > 1 && lines.some((l) => l.split('\t').includes('admin'))) return lines;
  }
  throw new Error('the emulator stopped before printing its URL');
}

const say = (text) => console.log(`\n${dim(`# ${text}`)}`);

/** Run `docs <args>` with the terminal attached (tables, colours) and show the command first. */
function docs(args, { input, shown, capture } = {}) {
  const line = shown ?? `docs ${args.map((a) => (/[\s"$]/.test(a) ? `"${a}"` : a)).join(' ')}`;
  console.log(bold(`$ ${line}`));
  const res = spawnSync(process.execPath, [bin, ...args], {
    env,
    input,
    stdio: [input === undefined ? 'inherit' : 'pipe', capture ? 'pipe' : 'inherit', 'inherit'],
    encoding: 'utf8',
  });
  if (capture) process.stdout.write(res.stdout);
  if (res.status !== 0) console.log(dim(`(exit code ${res.status})`));
  return res;
}

const lines = await started();
const url = lines[0];
const admin = lines.map((l) => l.split('\t')).find((f) => f[f.indexOf('role') + 1] === 'admin');
const token = admin[admin.indexOf('token') + 1];
const space = 'space_guides';

console.log(bold(`Local emulator with demo data at ${url}`));
console.log(dim(`(organization "Acme Docs"; a token per role; the "Getting Started" space is ${space})`));

say('Log in: the token is read from stdin (CI style), checked with GET /v1/orgs, then saved (mode 0600).');
docs(['auth', 'login', '--with-token', '--api-url', url], {
  input: token,
  shown: `echo "$ADMIN_TOKEN" | docs auth login --with-token --api-url ${url}`,
});
docs(['auth', 'status']);

say('The raw API is one command away.');
docs(['api', 'GET', '/v1/orgs']);

say('Pick a default space, then work with change requests.');
docs(['config', 'set', 'space', space]);
docs(['cr', 'list']);

say(
  'Piped, output is tab-separated, handy in scripts: a change prints one row, id first (here: id, number, status, subject); ' +
    'a list prints its table without the header (cr list: number, status, subject, author, comments, updated, id).',
);
const created = docs(['cr', 'create', '--subject', 'Document the quick start'], {
  capture: true,
  shown: 'docs cr create --subject "Document the quick start" | cat',
});
const number = created.stdout.split('\t')[1];

docs(['cr', 'get', number]);
docs(['cr', 'edit', number, '--subject', 'Document the quick start and the emulator']);

say('--dry-run shows the request and sends nothing; merging needs --yes without a terminal prompt.');
docs(['cr', 'merge', number, '--dry-run']);
docs(['cr', 'merge', number, '--yes']);
docs(['cr', 'list', '--status', 'merged']);

say('Failures are one line with an exit code scripts can branch on (3 = not found).');
docs(['cr', 'get', '999']);

say('Every open change request as JSON, one object per line; --all reads every page.');
docs(['cr', 'list', '--all', '--json']);

stop();
console.log(
  `\n${bold('Done.')} The emulator is stopped. Try it yourself: ${bold('node bin/run.js emulator start')} and ${bold('node bin/run.js --help')}.`,
);
