import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config } from '@oclif/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeRequests } from '../../src/api/operations/change-requests.js';
import { DocsCommand } from '../../src/cli/base-command.js';
import { changeRequestArg, dryRunFlag, field, fieldsFromFlags, orgFlag, spaceFlag, yesFlag } from '../../src/cli/flags/common.js';
import { ProfileStore } from '../../src/cli/profiles.js';
import { ROOT } from '../helpers/e2e.js';

/*
 * The base command in-process, against a stub HTTP server: organization resolution, confirmation,
 * dry runs, flag-named validation errors and exit codes. (The real emulator is exercised in test/e2e.)
 */

let orgs: { id: string; title: string }[] = [];
const requests: string[] = [];
let server: Server;
let url: string;
let config: Config;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/v1/orgs')) return res.end(JSON.stringify({ items: orgs }));
    if (req.url?.endsWith('/merge')) return res.end(JSON.stringify({ revision: 'rev_2', result: 'merge' }));
    res.statusCode = 500;
    res.end(JSON.stringify({ error: { code: 500, message: 'unexpected in this test' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config = await Config.load(ROOT);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

class OrgProbe extends DocsCommand<typeof OrgProbe> {
  static override flags = { org: orgFlag() };
  async run(): Promise<void> {
    this.output.line(await this.org());
  }
}

class MergeProbe extends DocsCommand<typeof MergeProbe> {
  static override args = { cr: changeRequestArg() };
  static override flags = { space: spaceFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };
  async run(): Promise<void> {
    const id = this.args.cr;
    const result = await this.send(
      changeRequests.merge,
      { spaceId: this.space(), changeRequestId: id },
      { confirm: { question: `Merge ${id}?`, action: `merge change request ${id}` } },
    );
    this.output.line(result.result);
  }
}

class EditProbe extends DocsCommand<typeof EditProbe> {
  static override flags = { space: spaceFlag(), subject: field.string(changeRequests.update.body, 'subject', { description: 'Subject' }) };
  async run(): Promise<void> {
    await this.send(changeRequests.update, {
      spaceId: this.space(),
      changeRequestId: '1',
      body: fieldsFromFlags(changeRequests.update.body, this.flags),
    });
  }
}

class DryEditProbe extends DocsCommand<typeof DryEditProbe> {
  static override flags = {
    space: spaceFlag(),
    subject: field.string(changeRequests.update.body, 'subject', { description: 'Subject' }),
    'dry-run': dryRunFlag(),
  };
  async run(): Promise<void> {
    await this.send(changeRequests.update, {
      spaceId: this.space(),
      changeRequestId: '1',
      body: fieldsFromFlags(changeRequests.update.body, this.flags),
    });
  }
}

class Offline extends DocsCommand<typeof Offline> {
  static override offline = true;
  async run(): Promise<void> {
    this.output.line(this.store.get(this.context.profileName).org ?? 'offline');
  }
}

/** Asks for the typed client, through a helper method, as `cr review` passes it on. */
class ClientProbe extends DocsCommand<typeof ClientProbe> {
  async run(): Promise<void> {
    const found = await this.lookup();
    this.output.line(found.items.map((o) => o.id).join(','));
  }
  private async lookup() {
    return (await this.client()).organizations.list();
  }
}
class ClientProbeChild extends ClientProbe {}

class Boom extends DocsCommand<typeof Boom> {
  async run(): Promise<void> {
    throw new TypeError('cannot read properties of undefined');
  }
}

let dir: string;
let stdout: string;
let stderr: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'docs-base-'));
  vi.stubEnv('DOCS_CONFIG_DIR', dir);
  vi.stubEnv('DOCS_TOKEN', 'tok_base_command_test');
  vi.stubEnv('DOCS_API_URL', url);
  vi.stubEnv('DOCS_PROFILE', '');
  requests.length = 0;
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  // Node's own warnings (oclif warns about a probe whose parse failed, outside production) are not the command's output.
  vi.spyOn(process.stderr, 'write').mockImplementation(
    (chunk: string | Uint8Array) => (/^\((node:\d+\)|Use `node)/.test(String(chunk)) || (stderr += String(chunk)), true),
  );
  process.exitCode = undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  process.exitCode = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('organization resolution', () => {
  it('uses --org first, without asking the API', async () => {
    orgs = [{ id: 'org_a', title: 'A' }];
    await OrgProbe.run(['--org', 'org_flag'], config);
    expect(stdout).toBe('org_flag\n');
    expect(requests).toEqual([]);
  });

  it("then the profile's org", async () => {
    await new ProfileStore({ dir }).update('default', { org: 'org_profile' });
    await OrgProbe.run([], config);
    expect(stdout).toBe('org_profile\n');
    expect(requests).toEqual([]);
  });

  it('then the only organization the token sees', async () => {
    orgs = [{ id: 'org_only', title: 'Only' }];
    await OrgProbe.run([], config);
    expect(stdout).toBe('org_only\n');
    expect(requests[0]).toMatch(/^GET \/v1\/orgs/);
  });

  it('else a usage error listing the choices (exit 2)', async () => {
    orgs = [
      { id: 'org_a', title: 'Acme' },
      { id: 'org_b', title: 'Beta' },
    ];
    await OrgProbe.run([], config);
    expect(process.exitCode).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'Error: several organizations are visible; pass --org <id> or set a default with `docs config set org <id>`. Choices: org_a (Acme), org_b (Beta)\n',
    );
  });

  it('and says so when the token sees none', async () => {
    orgs = [];
    await OrgProbe.run([], config);
    expect(process.exitCode).toBe(2);
    expect(stderr).toContain('no organization is visible');
  });
});

describe('send', () => {
  it('refuses a confirmed call without a terminal and without --yes, sending nothing (exit 2)', async () => {
    await MergeProbe.run(['7', '--space', 'sp'], config);
    expect(process.exitCode).toBe(2);
    expect(stderr).toBe('Error: refusing to merge change request 7 without confirmation: no terminal to ask on. Pass --yes to confirm.\n');
    expect(requests).toEqual([]);
  });

  it('sends with --yes', async () => {
    await MergeProbe.run(['7', '--space', 'sp', '--yes'], config);
    expect(process.exitCode ?? 0).toBe(0);
    expect(stdout).toBe('merge\n');
    expect(requests).toEqual(['POST /v1/spaces/sp/change-requests/7/merge']);
  });

  it('--dry-run prints the request, skips the confirmation and sends nothing (exit 0)', async () => {
    await MergeProbe.run(['7', '--space', 'sp', '--dry-run'], config);
    expect(process.exitCode ?? 0).toBe(0);
    expect(stdout).toBe(`POST ${url}/v1/spaces/sp/change-requests/7/merge\nAuthorization: Bearer ***\n`);
    expect(stderr).toBe('Dry run: nothing was sent.\n');
    expect(requests).toEqual([]);
  });

  it('--dry-run masks secrets in the body, as text and as JSON', async () => {
    const subject = 'Mirror https://ada:s3cr3t-pass@git.example/docs.git';
    await DryEditProbe.run(['--space', 'sp', '--subject', subject, '--dry-run'], config);
    expect(stdout).toContain('"subject": "Mirror https://***@git.example/docs.git"');
    stdout = '';
    await DryEditProbe.run(['--space', 'sp', '--subject', subject, '--dry-run', '--json'], config);
    expect(JSON.parse(stdout)).toMatchObject({ method: 'PATCH', body: { subject: 'Mirror https://***@git.example/docs.git' } });
    expect(stdout).not.toContain('s3cr3t');
    expect(requests).toEqual([]);
  });

  it('--dry-run works without a token', async () => {
    vi.stubEnv('DOCS_TOKEN', '');
    await MergeProbe.run(['7', '--space', 'sp', '--dry-run'], config);
    expect(process.exitCode ?? 0).toBe(0);
    expect(stdout).toContain('POST ');
  });

  it('rejects a value past the contract bound before sending, naming the flag (exit 2)', async () => {
    await EditProbe.run(['--space', 'sp', '--subject', 's'.repeat(101)], config);
    expect(process.exitCode).toBe(2);
    expect(stderr).toBe('Error: --subject must be at most 100 characters\n');
    expect(requests).toEqual([]);
  });
});

describe('failures', () => {
  it('an unexpected error is one line plus a hint, exit 1; --debug adds the stack', async () => {
    await Boom.run([], config);
    expect(process.exitCode).toBe(1);
    expect(stderr).toBe(
      'Error: cannot read properties of undefined\nThis looks like a bug or an unexpected answer; run with --debug for details.\n',
    );
    stderr = '';
    await Boom.run(['--debug'], config);
    expect(stderr).toMatch(/^Error: cannot read properties of undefined\nTypeError: cannot read properties of undefined\n\s+at /);
  });

  it('an unknown flag is a usage error (exit 2) on one line, with the likely flag', async () => {
    await Boom.run(['--nope'], config);
    expect(process.exitCode).toBe(2);
    // The probe's id comes from its class name: `docs boom --help`.
    expect(stderr).toBe('Error: unknown flag --nope. See `docs boom --help`.\n');
    stderr = '';
    await OrgProbe.run(['--ogr', 'x'], config);
    expect(stderr).toBe('Error: unknown flag --ogr (did you mean --org?). See `docs orgprobe --help`.\n');
  });

  it('an unreadable profile file is named, without the bug hint', async () => {
    writeFileSync(join(dir, 'config.json'), '{"profiles":');
    await OrgProbe.run([], config);
    expect(process.exitCode).toBe(1);
    expect(stderr).toBe(
      `Error: the profile file ${join(dir, 'config.json')} is not valid JSON (Unexpected end of JSON input). Fix it, or remove it and log in again.\n`,
    );
  });

  it('a network error says where the API URL came from', async () => {
    vi.stubEnv('DOCS_API_URL', 'http://127.0.0.1:9');
    await OrgProbe.run([], config);
    expect(process.exitCode).toBe(7);
    expect(stderr).toMatch(
      /connection refused.*Nothing is listening at http:\/\/127\.0\.0\.1:9: is the emulator running \(`docs emulator start`\)\? Check DOCS_API_URL and your network\.\n$/,
    );
  }, 20_000);

  it('removes its SIGINT and stdout listeners when done', async () => {
    const before = [process.listenerCount('SIGINT'), process.stdout.listenerCount('error')];
    await OrgProbe.run(['--org', 'x'], config);
    expect([process.listenerCount('SIGINT'), process.stdout.listenerCount('error')]).toEqual(before);
  });

  it('the typed client is loaded when a command asks for it, from a subclass too', async () => {
    orgs = [{ id: 'org_a', title: 'A' }];
    await ClientProbe.run([], config);
    await ClientProbeChild.run([], config);
    expect(stderr).toBe('');
    expect(stdout).toBe('org_a\norg_a\n');
  });

  it('a command marked offline runs without an API client', async () => {
    await Offline.run([], config);
    expect(process.exitCode ?? 0).toBe(0);
    expect(stdout).toBe('offline\n');
  });
});
