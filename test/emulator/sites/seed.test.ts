import { describe, expect, it } from 'vitest';
import { SeedError, startEmulator, type SeedSpec } from '../../../src/emulator/index.js';

const TOKEN = 'seed-sites-admin-token';

function seed(org: Record<string, unknown>): SeedSpec {
  return {
    users: [{ id: 'usr_a', displayName: 'A', tokens: [TOKEN] }],
    organizations: [
      {
        id: 'org_s',
        title: 'Seeded',
        members: [{ user: 'usr_a', role: 'admin' }],
        spaces: [
          { id: 'sp_one', title: 'One', pages: [{ id: 'pg_1', title: 'Hello', markdown: 'Hello there' }] },
          { id: 'sp_two', title: 'Two', pages: [] },
        ],
        ...org,
      },
    ],
  };
}

async function get(url: string, path: string) {
  const res = await fetch(`${url}/v1/orgs/org_s${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return { status: res.status, body: (await res.json()) as any };
}

describe('seedSites', () => {
  it('seeds sites with fixed ids, groups, schemas; OpenAPI specs; completed translations', async () => {
    const emu = await startEmulator({
      seed: seed({
        sites: [
          {
            id: 'site_main',
            title: 'Main',
            type: 'premium',
            visibility: 'public',
            published: true,
            icon: { emoji: '📘' },
            adaptiveSchema: { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta' } }, additionalProperties: false },
            sections: [
              {
                id: 'sec_one',
                title: 'One',
                siteSpaces: [
                  { id: 'ss_one', space: 'sp_one', path: 'first' },
                  { id: 'ss_two', space: 'sp_two' },
                ],
              },
            ],
            sectionGroups: [
              { id: 'grp', title: 'More', sections: [{ id: 'sec_two', title: 'Two', space: 'sp_two', condition: 'visitor.claims.beta' }] },
            ],
          },
          { id: 'site_root', title: 'Root', siteSpaces: [{ id: 'ss_root', space: 'sp_one' }] },
        ],
        openapi: [
          { slug: 'pets', text: '{"openapi": "3.0.0", "info": {"title": "Pets", "version": "1"}, "paths": {}}', visibility: 'public' },
        ],
        translations: [{ id: 'tr_one', space: 'sp_one', language: 'fr', completed: true }],
      }),
    });
    try {
      const published = (await get(emu.url, '/sites/site_main/published')).body;
      expect(published.structure.structure.map((i: { id: string }) => i.id)).toEqual(['sec_one', 'grp']);
      expect(published.structure.structure[0].siteSpaces.map((s: { id: string; path: string }) => [s.id, s.path])).toEqual([
        ['ss_one', 'first'],
        ['ss_two', 'two'],
      ]);
      expect(published.structure.structure[1].sections[0]).toMatchObject({
        id: 'sec_two',
        sectionGroup: 'grp',
        condition: 'visitor.claims.beta',
      });
      expect(published.customizations.site.favicon).toEqual({ emoji: '📘' });
      expect((await get(emu.url, '/sites/site_main/adaptive-schema/template-conditions')).body.items).toEqual([
        { description: 'Beta', condition: 'visitor.claims.beta' },
      ]);
      const root = (await get(emu.url, '/sites/site_root')).body;
      expect(root).toMatchObject({ published: false, siteSpaces: 1 });
      expect((await get(emu.url, '/openapi/pets')).body).toMatchObject({ visibility: 'public', lastVersion: expect.any(String) });
      const tr = (await get(emu.url, '/translations/tr_one')).body;
      expect(tr).toMatchObject({
        status: 'completed',
        stats: { runs: 1, totalPages: 1, totalWords: 3 },
        result: { space: expect.any(String) },
      });
    } finally {
      await emu.close();
    }
  });

  it('refuses bad entries, saying where', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ sites: [{ title: 'x' }] }, /sites\.0\.title/],
      [
        { sites: [{ title: 'Bad space', sections: [{ title: 'Sec', space: 'sp_nope' }] }] },
        /sites\.0\.sections\.0\.space: no space "sp_nope"/,
      ],
      [{ sites: [{ title: 'Empty section', sections: [{ title: 'Sec' }] }] }, /sites\.0\.sections\.0: a section needs a space/],
      [{ sites: [{ title: 'Schema', adaptiveSchema: { type: 'array' } }] }, /sites\.0\.adaptiveSchema/],
      [{ openapi: [{ slug: 'p', text: 'not a spec' }] }, /openapi\.0: not an OpenAPI document/],
      [{ openapi: [{ slug: 'p', url: 'https://example.com/a.json' }] }, /openapi\.0\.url/],
      [{ translations: [{ space: 'sp_nope', language: 'fr' }] }, /translations\.0\.space: no space "sp_nope"/],
    ];
    for (const [org, message] of cases) {
      await expect(startEmulator({ seed: seed(org) }), JSON.stringify(org)).rejects.toThrow(message);
      await expect(startEmulator({ seed: seed(org) })).rejects.toBeInstanceOf(SeedError);
    }
  });
});
