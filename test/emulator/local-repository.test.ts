import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostPolicy, localPath, localRepository } from '../../src/emulator/host.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'docs-local-repo-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local sources under the files root', () => {
  const policy = hostPolicy({ filesRoot: root });

  it('a repository path that does not exist says there is no repository there', async () => {
    await expect(localRepository(policy, join(root, 'missing'), 'file:///x/missing')).rejects.toMatchObject({
      status: 400,
      message: 'url: no repository at file:///x/missing',
    });
  });

  it('any other local source that does not exist says it cannot be read, with the reason', async () => {
    await expect(localPath(policy, join(root, 'missing.md'), 'url', 'file:///x/missing.md')).rejects.toMatchObject({
      status: 400,
      message: 'url: cannot read file:///x/missing.md: ENOENT',
    });
  });
});
