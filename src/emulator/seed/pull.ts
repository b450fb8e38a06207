import type { DocsClient } from '../../api/client.js';
import type { Operation } from '../../api/operation.js';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { changeRequests } from '../../api/operations/change-requests.js';
import { collections } from '../../api/operations/collections.js';
import { comments } from '../../api/operations/comments.js';
import { content } from '../../api/operations/content.js';
import { members } from '../../api/operations/members.js';
import { organizations } from '../../api/operations/organizations.js';
import { siteSections } from '../../api/operations/site-sections.js';
import { siteSpaces } from '../../api/operations/site-spaces.js';
import { sites } from '../../api/operations/sites.js';
import { teams } from '../../api/operations/teams.js';

/**
 * An organization read through the API, read-only, as a seed (`docs emulator seed pull`, and
 * `seed export` through an emulator opened on a data directory). What the contract does not let a
 * client read is left out and named in `notes`: tokens (users get none unless `tokens` gives
 * them), replies to comments on a space's primary content, and spaces no collection or member lists.
 */

type Doc = Record<string, unknown>;
const str = (d: Doc, key: string): string | undefined => (typeof d[key] === 'string' ? d[key] : undefined);
const obj = (d: Doc, key: string): Doc => (d[key] && typeof d[key] === 'object' ? (d[key] as Doc) : {});
const opt = <T>(key: string, value: T | undefined): Record<string, T> => (value === undefined || value === null ? {} : { [key]: value });

export interface PullOptions {
  organizationId: string;
  /** Tokens to give users (seed export keeps the emulator's own); none by default. */
  tokens?: Map<string, string[]>;
  /** Called before each step, for a progress line. */
  onProgress?: (step: string) => void;
  signal?: AbortSignal;
}

export interface PulledSeed {
  users: Doc[];
  organization: Doc;
  notes: string[];
}

export async function pullOrganization(client: DocsClient, options: PullOptions): Promise<PulledSeed> {
  const { organizationId, signal } = options;
  const progress = options.onProgress ?? (() => {});
  const call = async (op: Operation, params: Doc): Promise<Doc> => (await client.call(op, params, { signal })) as Doc;
  const list = async (op: Operation, params: Doc): Promise<Doc[]> => {
    const out: Doc[] = [];
    for await (const item of client.paginate(op, params, { signal })) out.push(item);
    return out;
  };
  const notes: string[] = [];

  progress('organization');
  const org = await call(organizations.get, { organizationId });
  progress('members');
  const memberItems = await list(members.list, { organizationId });
  const users = memberItems.map((m) => {
    const user = obj(m, 'user');
    const id = str(user, 'id') ?? str(m, 'id') ?? '';
    return {
      id,
      displayName: str(user, 'displayName') ?? id,
      ...opt('email', str(user, 'email')),
      ...opt('tokens', options.tokens?.get(id)),
    };
  });
  const seedMembers = memberItems.map((m) => ({
    user: str(obj(m, 'user'), 'id') ?? str(m, 'id'),
    role: m.role ?? null,
    ...opt('joinedAt', str(m, 'joinedAt')),
    ...opt('lastSeenAt', str(m, 'lastSeenAt')),
    ...(m.sso === true ? { sso: true } : {}),
    ...(m.disabled === true ? { disabled: true } : {}),
  }));

  progress('teams');
  const seedTeams = [];
  for (const team of await list(teams.list, { organizationId })) {
    const teamMembers = await list(teams.listMembers, { organizationId, teamId: team.id });
    seedTeams.push({
      id: team.id,
      title: team.title,
      ...opt('createdAt', str(team, 'createdAt')),
      members: teamMembers.map((tm) => ({ user: str(obj(tm, 'organization'), 'id'), role: str(obj(tm, 'team'), 'role') ?? 'member' })),
    });
  }

  progress('collections');
  const allCollections = await list(collections.list, { organizationId, query: { nested: true } });
  const nest = (parent: string | undefined): Doc[] =>
    allCollections
      .filter((c) => str(c, 'parent') === parent)
      .map((c) => {
        const children = nest(str(c, 'id'));
        return {
          id: c.id,
          title: c.title,
          ...opt('description', str(c, 'description')),
          ...(c.defaultLevel !== 'inherit' && c.defaultLevel !== undefined ? { defaultLevel: c.defaultLevel } : {}),
          ...(children.length > 0 ? { collections: children } : {}),
        };
      });

  // The contract lists spaces per collection and per member, not per organization.
  const spaceDocs = new Map<string, Doc>();
  for (const c of allCollections)
    for (const s of await list(collections.listSpaces, { collectionId: c.id })) spaceDocs.set(String(s.id), s);
  for (const m of seedMembers) {
    for (const entry of await list(members.listSpaces, { organizationId, userId: m.user })) {
      const s = obj(entry, 'space');
      if (str(s, 'organization') === organizationId && str(s, 'id')) spaceDocs.set(String(s.id), s);
    }
  }
  const spaces = [];
  for (const space of spaceDocs.values()) {
    progress(`space ${String(space.title)}`);
    spaces.push(await pullSpace(space, call, list, notes));
  }

  progress('sites');
  const seedSites = [];
  for (const site of await list(sites.list, { organizationId })) {
    const siteId = site.id;
    const sections = await list(siteSections.list, { organizationId, siteId });
    const rootSpaces = (await list(siteSpaces.list, { organizationId, siteId })).filter((ss) => !str(ss, 'section'));
    const siteSpace = (ss: Doc) => ({ id: ss.id, space: str(obj(ss, 'space'), 'id'), ...opt('path', str(ss, 'path')) });
    seedSites.push({
      id: siteId,
      title: site.title,
      ...opt('type', str(site, 'type')),
      ...opt('visibility', str(site, 'visibility')),
      ...(site.published === true ? { published: true } : {}),
      ...(sections.length > 0
        ? {
            sections: sections.map((s) => ({
              id: s.id,
              title: s.title,
              ...opt('path', str(s, 'path')),
              siteSpaces: (Array.isArray(s.siteSpaces) ? (s.siteSpaces as Doc[]) : []).map(siteSpace),
            })),
          }
        : { siteSpaces: rootSpaces.map(siteSpace) }),
    });
  }

  const organization = {
    id: organizationId,
    title: org.title,
    ...opt('type', str(org, 'type')),
    ...opt('plan', str(org, 'plan')),
    ...opt('hostname', str(org, 'hostname')),
    ...opt('emailDomains', org.emailDomains),
    ...('defaultRole' in org ? { defaultRole: org.defaultRole } : {}),
    ...opt('createdAt', str(org, 'createdAt')),
    members: seedMembers,
    teams: seedTeams,
    collections: nest(undefined),
    spaces,
    sites: seedSites,
  };
  return { users, organization, notes };
}

type Call = (op: Operation, params: Doc) => Promise<Doc>;
type List = (op: Operation, params: Doc) => Promise<Doc[]>;

interface FlatPage {
  id: string;
  parent?: string;
  path: string;
  title: string;
  markdown: string;
}

/** A page tree as seed pages; documents only (groups and links have no markdown to seed). */
function seedPages(pages: Doc[], out: FlatPage[] = [], parent?: string): Doc[] {
  return pages.map((p) => {
    out.push({
      id: String(p.id),
      path: String(p.path),
      title: String(p.title),
      markdown: str(p, 'markdown') ?? '',
      ...opt('parent', parent),
    });
    const children = Array.isArray(p.pages) ? seedPages(p.pages as Doc[], out, String(p.id)) : [];
    return {
      id: p.id,
      title: p.title,
      ...opt('slug', str(p, 'slug')),
      markdown: str(p, 'markdown') ?? '',
      ...opt('emoji', str(p, 'emoji')),
      ...opt('description', str(p, 'description')),
      ...(children.length > 0 ? { pages: children } : {}),
    };
  });
}

async function pullSpace(space: Doc, call: Call, list: List, notes: string[]): Promise<Doc> {
  const spaceId = space.id;
  const primary: FlatPage[] = [];
  const tree = await call(content.listPages, { spaceId });
  const pages = seedPages(Array.isArray(tree.pages) ? (tree.pages as Doc[]) : [], primary);
  const files = [];
  for (const f of await list(content.listFiles, { spaceId })) {
    const url = str(f, 'downloadURL');
    const text = url ? await (await fetch(url)).text() : '';
    files.push({ id: f.id, name: f.name, contentType: f.contentType, text });
  }
  const seedComments = async (items: Doc[], replies?: (commentId: unknown) => Promise<Doc[]>) => {
    const out = [];
    // Lists are newest first; seeded in the order they were posted, they list the same way.
    for (const c of [...items].reverse()) {
      const page = str(obj(obj(c, 'target'), 'page'), 'id');
      const r = replies && Number(c.replies ?? 0) > 0 ? await replies(c.id) : [];
      out.push({
        id: c.id,
        author: str(obj(c, 'postedBy'), 'id'),
        markdown: str(obj(c, 'body'), 'markdown') ?? '',
        ...opt('postedAt', str(c, 'postedAt')),
        ...opt('page', page),
        ...(c.status === 'resolved' ? { resolved: true } : {}),
        ...(r.length > 0
          ? {
              replies: r.map((x) => ({
                id: x.id,
                author: str(obj(x, 'postedBy'), 'id'),
                markdown: str(obj(x, 'body'), 'markdown') ?? '',
                ...opt('postedAt', str(x, 'postedAt')),
              })),
            }
          : {}),
      });
    }
    return out;
  };
  const spaceComments = await list(comments.list, { spaceId });
  if (spaceComments.some((c) => Number(c.replies ?? 0) > 0))
    notes.push(`space ${String(spaceId)}: replies to comments on the primary content are not listed by the API and were left out`);

  const crs = [];
  for (const cr of await list(changeRequests.list, { spaceId, query: { status: 'open' } })) {
    const changeRequestId = cr.id;
    const crTree = await call(changeRequestContent.listPages, { spaceId, changeRequestId });
    const after: FlatPage[] = [];
    seedPages(Array.isArray(crTree.pages) ? (crTree.pages as Doc[]) : [], after);
    // Added and edited pages as a list keeps their ids; a change that deletes pages is a map of paths (deleted ones null).
    const added = after.filter((p) => !primary.some((q) => q.id === p.id));
    const edited = after.filter((p) => primary.some((q) => q.id === p.id && (q.markdown !== p.markdown || q.title !== p.title)));
    const deleted = primary.filter((p) => !after.some((q) => q.id === p.id));
    let change: Doc[] | Record<string, string | null> = [
      ...edited.map((p) => ({ id: p.id, title: p.title, markdown: p.markdown })),
      ...added.map((p) => ({ id: p.id, ...opt('parent', p.parent), title: p.title, markdown: p.markdown })),
    ];
    if (deleted.length > 0) {
      const map: Record<string, string | null> = {};
      for (const p of edited) map[p.path] = p.markdown;
      for (const p of added) map[p.path] = `# ${p.title}\n\n${p.markdown}`;
      for (const p of deleted) map[p.path] = null;
      change = map;
    }
    const crComments = await list(changeRequestComments.list, { spaceId, changeRequestId });
    crs.push({
      id: changeRequestId,
      ...opt('subject', str(cr, 'subject')),
      author: str(obj(cr, 'createdBy'), 'id'),
      pages: change,
      comments: await seedComments(crComments, (commentId) =>
        list(changeRequestComments.listReplies, { spaceId, changeRequestId, commentId }),
      ),
    });
  }
  return {
    id: spaceId,
    title: space.title,
    ...opt('emoji', str(space, 'emoji')),
    ...opt('collection', str(space, 'parent')),
    ...opt('visibility', str(space, 'visibility')),
    pages,
    files,
    changeRequests: crs,
    comments: await seedComments(spaceComments),
  };
}
