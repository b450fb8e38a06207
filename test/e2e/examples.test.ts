import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { demoSeed, DEMO } from '../../src/emulator/seed/demo.js';
import type { SeedSpec } from '../../src/emulator/seed/schema.js';
import { ROOT, ensureBuilt } from '../helpers/e2e.js';
import { startResident, type Resident } from '../helpers/resident.js';
import {
  confirmingCommands,
  helpExamples,
  isSynopsis,
  limit,
  makeShims,
  makeTemplate,
  markdownExamples,
  namedExit,
  PETSTORE,
  shell,
  type Example,
} from '../helpers/examples.js';

/**
 * Every example is a test (issue 17 §3): each command's examples from the manifest and every
 * `docs` command in the markdown run with bash, the real bin/run.js, against an emulator with the
 * demo seed. Each example (a markdown block is one session) gets its own emulator and working
 * directory, so examples that change data cannot disturb each other and order does not matter;
 * the emulators run in this process (an in-memory demo takes ~25 ms), the CLI as child processes,
 * four examples at a time.
 */

/** The one table from placeholders to demo ids (whole words only). `when`: only on lines matching it. */
const PLACEHOLDERS: { from: string; to: string; when?: RegExp }[] = [
  { from: 'org_abc', to: DEMO.org },
  { from: 'org_other', to: DEMO.otherOrg },
  { from: 'ORG', to: DEMO.org },
  { from: 'sp_abc', to: DEMO.spaces.handbook, when: /spaces move .*--parent/ },
  { from: 'sp_abc', to: 'space_drafts', when: /spaces transfer/ },
  { from: 'sp_abc', to: 'space_tutorials', when: /--before sp_first/ },
  { from: 'sp_abc', to: DEMO.spaces.guides },
  { from: 'space_abc', to: DEMO.spaces.guides },
  { from: 'SPACE', to: DEMO.spaces.guides },
  { from: 'sp_first', to: DEMO.spaces.guides },
  { from: 'sp_intro', to: 'space_intro' },
  { from: 'space_v2', to: DEMO.spaces.handbook },
  { from: 'col_abc', to: DEMO.collections.internal },
  { from: 'col_first', to: DEMO.collections.product },
  { from: 'cm_abc', to: 'cm_msi', when: /--cr\b/ },
  { from: 'cm_abc', to: 'cm_screenshot' },
  { from: 'rp_def', to: 'rp_msi', when: /--cr\b/ },
  { from: 'rp_def', to: 'rp_screenshot' },
  { from: 'pg_abc', to: 'page_quickstart' },
  { from: 'file_abc', to: 'file_logo' },
  { from: 'usr_abc', to: DEMO.users.read },
  { from: 'usr_def', to: DEMO.users.comment },
  { from: 'usr_old', to: 'usr_edsger' },
  { from: 'usr_a', to: DEMO.users.comment },
  { from: 'usr_b', to: DEMO.users.review },
  { from: 'team_abc', to: DEMO.teams.writers },
  { from: 'site_abc', to: DEMO.site },
  { from: 'sitesc_123', to: 'sitesc_guides' },
  { from: 'sitesp_123', to: 'sitesp_guides' },
  { from: 'sitesg_123', to: 'sitesg_resources' },
  { from: 'sitesg_456', to: 'sitesg_more' },
  { from: 'inv_abc', to: DEMO.invite },
  { from: 'saml_abc', to: DEMO.samlProvider },
  { from: 'tr_abc', to: 'tr_fr' },
  { from: 'sk_123', to: 'sk_demo' },
  { from: 'petstore', to: 'petstore-2', when: /openapi create/ },
  { from: 'oasv_abc', to: "$(docs openapi versions list petstore --jq '.[0].id')" },
];

/** Change request numbers: the demo's one open change request is #1. */
const CHANGE_REQUEST = /(\bcr [a-z-]+ |--cr |\/change-requests\/)(42|3)\b/g;

/** Refusals an example shows without saying so in its text, with the exit code expected. */
const REFUSALS: Record<string, number> = {
  // The demo's change request has no broken link: grep finds nothing and says so with 1.
  'cr check #4': 1,
};

/** Commands that cannot run here, with the reason; the rest of their session runs. */
const OFFLINE: { match: RegExp; reason: string }[] = [
  { match: /^docs (spaces browse|cr review)\b/, reason: 'a full-screen terminal view (tested with ink-testing-library in test/ui)' },
  // Examples that pipe into curl or jq run wherever those are installed; `docs` itself needs neither (it has --jq).
  ...['curl', 'jq']
    .filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
    .map((tool) => ({
      // The tool in command position (`| jq`, `curl …`), not `--jq`.
      match: new RegExp(`(?:^|[|&;(]\\s*)${tool}\\b`),
      reason: `${tool} is not installed on this machine`,
    })),
];

/** Blocks of the markdown that show output of data the demo does not have, by their first command, with the reason. */
const ILLUSTRATIONS: Record<string, string> = {
  'docs cr diff 2 --stat': "the output of another organization's change request (pages guide, setup, notes)",
  'docs cr check 2': "the findings of another organization's change request",
  'docs cr check 2 --all': "the findings of another organization's change request",
  'cd backup/spaces/space_guides/content':
    'a restore through a Git host the service can reach (the round trip runs against the emulator in test/inproc/backup.test.ts)',
};

/** What an example needs done first that the demo seed cannot hold (Git sync, an adaptive schema). */
const SETUP: { match: RegExp; commands: string[] }[] = [
  { match: /^docs git (info|remove-legacy)/, commands: ['docs git import space_guides --url "$DOCS_REPO_URL" --ref main'] },
  { match: /^docs sites adaptive-schema (get|conditions)/, commands: ['docs sites adaptive-schema set site_docs --file schema.json'] },
  // A data directory to export: an emulator started on it and stopped once it has written its tokens.
  {
    match: /^docs emulator seed export --data-dir \.emulator/,
    commands: [
      'docs emulator start --port 0 --data-dir .emulator > /dev/null & while [ ! -s .emulator/tokens.json ]; do sleep 0.1; done; kill $! && wait $!',
    ],
  },
];

/** On a terminal, what is typed: the token when `auth login` prompts, `y` when a command asks first. */
function typed(command: string): string | undefined {
  if (/^docs auth login\b/.test(command) && !command.includes('--with-token')) return `${DEMO.tokens.admin}\n`;
  const asks = CONFIRMING.find((id) => new RegExp(`(^|[|&(]\\s*)docs ${id}(\\s|$)`).test(command));
  return asks && !/--(yes|dry-run)\b/.test(command.replace(/\s+#.*$/, '')) ? 'y\n' : undefined;
}
const CONFIRMING = confirmingCommands();

/**
 * Objects the examples name that the demo does not have: an OpenAPI spec, a translation, section
 * groups, a reply, top-level spaces (one on no site) and a second guides space.
 */
function examplesSeed(): SeedSpec {
  const seed = structuredClone(demoSeed);
  const acme = seed.organizations[0]!;
  const page = (title: string) => [{ title, markdown: `${title}.\n` }];
  acme.spaces!.push(
    { id: 'space_intro', title: 'Introduction', pages: page('Hello') },
    { id: 'space_tutorials', title: 'Tutorials', parent: DEMO.collections.guides, pages: page('First steps') },
    { id: 'space_drafts', title: 'Drafts', pages: page('Ideas') },
  );
  acme.openapi = [{ slug: 'petstore', text: PETSTORE }];
  acme.translations = [{ id: 'tr_fr', space: DEMO.spaces.api, language: 'fr' }];
  const site = acme.sites![0] as { sectionGroups?: unknown[] };
  site.sectionGroups = [
    { id: 'sitesg_resources', title: 'Resources', sections: [{ id: 'sitesc_handbook', title: 'Handbook', space: DEMO.spaces.handbook }] },
    {
      id: 'sitesg_more',
      title: 'More',
      sections: [
        {
          id: 'sitesc_more',
          title: 'Versions',
          siteSpaces: [
            { id: 'sitesp_v1', space: 'space_intro', path: 'v1' },
            { id: 'sitesp_v2', space: 'space_tutorials', path: 'v2' },
          ],
        },
      ],
    },
  ];
  const guides = acme.spaces![0] as { comments: { replies?: unknown[] }[] };
  guides.comments[0]!.replies = [{ id: 'rp_screenshot', postedBy: DEMO.users.edit, body: { markdown: 'Adding one.' } }];
  return seed;
}

let template: string;
let shims: string;
let resident: Resident;
const emulators: RunningEmulator[] = [];
const slot = limit(4);
const timings: number[] = [];

function substitute(text: string, env: { url: string; work: string }): string {
  let out = text.replace(CHANGE_REQUEST, '$11');
  out = out
    .replaceAll('https://github.com/acme/docs.git', `file://${env.work}/docs.git`)
    .replace(/https:\/\/(api\.)?example\.com\/([\w.-]+)/g, `file://${env.work}/$2`)
    .replace(/https?:\/\/(127\.0\.0\.1:(4010|PORT)|api\.gitbook\.com)/g, env.url)
    .replace(/--port 4010\b/g, '--port 0')
    .replaceAll(' src/emulator/seed/', ` ${ROOT}/src/emulator/seed/`);
  return out
    .split('\n')
    .map((line) =>
      PLACEHOLDERS.reduce(
        (l, p) => (p.when && !p.when.test(l) ? l : l.replace(new RegExp(`(?<![$\\w{.-])${p.from}(?![\\w-])`, 'g'), p.to)),
        line,
      ),
    )
    .join('\n');
}

interface Outcome {
  problems: string[];
  /** Commands of the example not run, with the reason. */
  skipped: string[];
}

async function runExample(example: Example): Promise<Outcome> {
  const work = mkdtempSync(join(tmpdir(), 'docs-example-'));
  cpSync(template, work, { recursive: true });
  const live = await startEmulator({ seed: examplesSeed(), filesRoot: work });
  emulators.push(live);
  const token = DEMO.tokens.admin;
  const config = join(work, '.config');
  mkdirSync(config, { mode: 0o700 });
  const profile = { 'api-url': live.url, token, org: DEMO.org };
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({ profiles: { default: { ...profile, space: DEMO.spaces.guides }, local: profile, ci: profile, prod: profile } }),
    { mode: 0o600 },
  );
  const env: NodeJS.ProcessEnv = {
    PATH: `${shims}:${process.env.PATH}`,
    HOME: join(work, 'home'),
    DOCS_CONFIG_DIR: config,
    NO_COLOR: '1',
    EDITOR: 'vi',
    DOCS_RESIDENT_PORT: String(resident.port),
    TOKEN: token,
    ADMIN_TOKEN: token,
    DOCS_CI_TOKEN: token,
    DOCS_REPO_URL: `file://${work}/docs.git`,
    SPACE: DEMO.spaces.guides,
    CR: '1',
  };
  const problems: string[] = [];
  const skipped: string[] = [];
  try {
    const setup = SETUP.filter((s) => example.commands.some((c) => s.match.test(c))).flatMap((s) => s.commands);
    for (const original of [...setup, ...example.commands]) {
      const command = substitute(original, { url: live.url, work });
      const offline = OFFLINE.find((o) => o.match.test(command));
      if (offline || isSynopsis(original)) {
        skipped.push(`${original} (${offline?.reason ?? 'a synopsis, not a command'})`);
        continue;
      }
      const long = /^docs emulator start\b/.test(command);
      const input = typed(command);
      const result = await shell(long ? `exec ${command.replace(/\s+#.*$/, '')}` : command, {
        cwd: work,
        env,
        ...(input !== undefined ? { tty: input } : {}),
        ...(long ? { until: /^http:\/\/127\.0\.0\.1:\d+\n/ } : {}),
      });
      timings.push(result.ms);
      const expected = setup.includes(original) ? 0 : (REFUSALS[example.where] ?? namedExit(original, example.description) ?? 0);
      if (result.code !== expected) {
        problems.push(
          [
            `${example.where}: expected exit ${expected}, got ${result.code}${input !== undefined ? ' (on a terminal)' : ''}`,
            `  example: ${original.replaceAll('\n', '\n           ')}`,
            `  ran:     ${command.replaceAll('\n', '\n           ')}`,
            `  stderr:  ${result.stderr.trim().replaceAll('\n', '\n           ') || '(empty)'}`,
            ...(result.code !== 0 ? [] : [`  stdout:  ${result.stdout.trim().slice(0, 400)}`]),
          ].join('\n'),
        );
        break;
      }
    }
  } finally {
    await live.close();
    rmSync(work, { recursive: true, force: true });
  }
  return { problems, skipped };
}

const examples = [...helpExamples(), ...markdownExamples()];

describe('every example runs as its text says', () => {
  beforeAll(async () => {
    ensureBuilt();
    template = makeTemplate();
    shims = makeShims();
    resident = await startResident();
  });
  afterAll(async () => {
    await Promise.all(emulators.map((e) => e.close()));
    rmSync(template, { recursive: true, force: true });
    rmSync(shims, { recursive: true, force: true });
    await resident.close();
    const total = timings.reduce((a, b) => a + b, 0);
    const { inProcess, handedBack } = resident.counts;
    process.stdout.write(
      `examples: ${timings.length} commands, ${Math.round(total)} ms of command time; docs ran ${inProcess} times in this process, ${handedBack} as bin/run.js\n`,
    );
  });

  it('finds the examples of help and of the markdown', () => {
    expect(examples.length).toBeGreaterThan(250);
    expect(examples.some((e) => e.where.startsWith('README.md:'))).toBe(true);
  });

  for (const example of examples) {
    const offline = example.commands.every((c) => OFFLINE.some((o) => o.match.test(c)));
    const reason =
      ILLUSTRATIONS[example.commands[0] ?? ''] ??
      (offline ? OFFLINE.find((o) => o.match.test(example.commands[0] ?? ''))?.reason : undefined);
    if (reason) {
      it.skip(`${example.where}: ${reason}`, () => {});
      continue;
    }
    it.concurrent(example.where, async () => {
      const { problems } = await slot(() => runExample(example));
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
