import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceFromManifest, renderReference, type Manifest } from '../../src/cli/reference.js';
import { ensureBuilt, ROOT } from '../helpers/e2e.js';

/** src/commands/README.md is generated from the commands; it must be current (`npm run docs:commands`). */

let manifest: Manifest;
beforeAll(() => {
  ensureBuilt();
  manifest = JSON.parse(readFileSync(`${ROOT}/oclif.manifest.json`, 'utf8')) as Manifest;
});

describe('the command reference', () => {
  it('is current: the committed file is what the commands give (else run `npm run docs:commands`)', () => {
    const { path, text } = referenceFromManifest(ROOT);
    const committed = readFileSync(path, 'utf8');
    expect(committed === text, 'src/commands/README.md is out of date: run `npm run docs:commands` and commit it').toBe(true);
  });

  it('has every visible command with its usage, flags, description and examples, and no hidden alias', () => {
    const text = renderReference(manifest);
    const visible = Object.values(manifest.commands).filter((c) => !(c as { hidden?: boolean }).hidden);
    for (const c of visible) expect(text).toContain(`## \`docs ${c.id.replace(/:/g, ' ')}\``);
    expect(text).toContain('docs cr get CR [flags]');
    expect(text).toContain('- `-s, --space <id>` — Space id');
    expect(text).toContain('$ docs cr get 42 --space sp_abc --json');
    expect(text).toContain('# In another space, as JSON');
    expect(text).toContain('## `docs sites spaces remove`');
    expect(text).not.toContain('docs sites spaces delete');
    expect(text).not.toContain('<%=');
  });

  it('renders a command from its manifest entry', () => {
    const text = renderReference({
      commands: {
        'x:y': {
          id: 'x:y',
          summary: 'Do y',
          description: 'Longer',
          args: { thing: { name: 'thing', required: true, description: 'The thing' } },
          flags: {
            level: { name: 'level', type: 'option', options: ['a', 'b'], description: 'How much', required: true },
            json: { name: 'json', type: 'boolean', helpGroup: 'GLOBAL', description: 'JSON' },
          },
          examples: ['<%= config.bin %> x y t --level a'],
        },
      },
    });
    expect(text).toContain('- `--json` — JSON\n');
    expect(text).toContain('## `docs x y`\n\nDo y\n\n```\ndocs x y THING --level <value> [flags]\n```\n\nLonger\n');
    expect(text).toContain('- `--level a|b` — How much (required)');
    expect(text).toContain('```\n$ docs x y t --level a\n```\n');
  });
});
