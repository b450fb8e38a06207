import { Args, Flags } from '@oclif/core';
import { AbortedError, ApiError, ExitCode, RateLimitError } from '../../api/errors.js';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { changeRequests } from '../../api/operations/change-requests.js';
import { collections } from '../../api/operations/collections.js';
import { content } from '../../api/operations/content.js';
import { organizations } from '../../api/operations/organizations.js';
import { MAX_PAGE_SIZE } from '../../api/schemas/common.js';
import { CommandFailure, DocsCommand, orgFlag, UsageError } from '../../cli/index.js';
import { describeError, exitCodeOf } from '../../cli/errors.js';
import { inFlight } from '../../content/pool.js';
import { backupSpace, clearLeftovers, CONTENT_DIR, readManifest, SPACES_DIR, writeIndex, type BackupIndex } from '../../content/backup.js';
import { organizationSpaces, organizationSpacesOperations } from '../../content/organization.js';
import { FolderError, openFolder } from '../../content/write.js';
import { safeSegment } from '../../content/pull.js';

/** One line of `--json`, per space, as it is done. */
interface SpaceLine {
  space: string;
  title: string;
  status: 'written' | 'unchanged' | 'failed';
  folder: string;
  revision?: string;
  pages?: number;
  files?: number;
  changeRequests?: number;
  error?: string;
  exitCode?: number;
}

export default class OrgsBackup extends DocsCommand<typeof OrgsBackup> {
  static override operations = [
    ...organizationSpacesOperations,
    organizations.get,
    collections.list,
    content.listPages,
    content.getPage,
    content.listFiles,
    changeRequests.list,
    changeRequestContent.listPages,
    changeRequestContent.getPage,
  ];
  // Many requests: waits on the rate limit up to 4 h (--max-wait).
  static override bulk = true;
  static override summary = 'Back up every space of an organization to a folder, with its files';
  static override description = [
    'Every space the token can reach in the organization (through collections, nested collections, sites and spaces in no collection), each in the `spaces pull` layout with the bytes of its files under .gitbook/assets/ and the pages linking to those copies: DIR/spaces/<space id>/content/ is a folder Git Sync reads, ready to commit and import back. Beside it, DIR/spaces/<space id>/manifest.json (space, collection path, revision, time, counts) and, with --change-requests, each open change request in change-requests/<number>/. DIR/backup.json lists the spaces and how this run left them.',
    'Incremental: a space whose revision is the one its manifest names is not read again, so a second run costs the listing of the spaces. Safe: a space is written beside its old copy and takes its place only when complete; Ctrl-C (exit 130), a crash or a wait past --max-wait leave every copy whole, and the next run goes on from there.',
    "Exit codes: 0 when every space was written or unchanged; otherwise the exit code of the first space that failed (3 not found, 4 permission, 7 network, …; each space's line says why), after the others were tried. A rate limit past --max-wait (6), a refused token (4) or Ctrl-C (130) stop the run at once.",
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> orgs backup org_abc ./backup',
    {
      description: "The profile's organization, open change requests too",
      command: '<%= config.bin %> orgs backup ./backup --change-requests',
    },
    {
      description: 'A line per space as it is done, for a scheduled job',
      command: '<%= config.bin %> orgs backup org_abc ./backup --json',
    },
  ];
  static override args = {
    org: Args.string({ description: "Organization id (default: --org or the profile's org); the folder when given alone" }),
    dir: Args.string({ description: 'Folder to write the backup into (created if missing)' }),
  };
  static override flags = {
    org: orgFlag(),
    'change-requests': Flags.boolean({ description: "Back up each space's open change requests too" }),
  };

  async run(): Promise<void> {
    const [orgArg, dir] = this.args.dir === undefined ? [undefined, this.args.org] : [this.args.org, this.args.dir];
    if (!dir) throw new UsageError(`missing the folder to back up into: \`${this.config.bin} orgs backup [ORG] DIR\``);
    const organizationId = orgArg ? this.subject('organization', orgArg) : await this.org();
    let root: string;
    try {
      root = await openFolder(dir);
    } catch (err) {
      if (err instanceof FolderError) throw new UsageError(err.message);
      throw err;
    }
    await clearLeftovers(root);
    const signal = this.abort.signal;
    const api = this.api;
    const progress = await this.longWork(`Listing the spaces of ${organizationId}…`);
    const lines: SpaceLine[] = [];
    let firstFailure: number | undefined;
    try {
      const [org, spaces, tree] = await Promise.all([
        api.call(organizations.get, { organizationId }, inFlight(signal)),
        organizationSpaces(api, organizationId, signal, ({ spaces: found }) =>
          progress.update(`Listing the spaces of ${organizationId}: ${found} found…`),
        ),
        (async () => {
          const all = [];
          for await (const c of api.paginate(
            collections.list,
            { organizationId, query: { nested: true } },
            { pageSize: MAX_PAGE_SIZE, ...inFlight(signal) },
          ))
            all.push(c);
          return all;
        })(),
      ]);
      const byId = new Map(tree.map((c) => [c.id, c]));
      const pathOf = (parent: string | undefined): string[] => {
        const path: string[] = [];
        for (let id = parent, hops = 0; id && hops < 64; hops++) {
          const c = byId.get(id);
          if (!c) break;
          path.unshift(c.title);
          id = c.parent;
        }
        return path;
      };
      const index: BackupIndex = {
        format: 1,
        organization: { id: organizationId, title: org.title },
        backedUpAt: new Date().toISOString(),
        spaces: [],
      };
      for (const [i, space] of spaces.entries()) {
        const label = `Space ${i + 1}/${spaces.length} "${space.title}"`;
        progress.update(`${label}…`);
        const folder = `${SPACES_DIR}/${safeSegment(space.id)}`;
        const collectionPath = pathOf(space.parent ?? undefined);
        let line: SpaceLine;
        const before = await readManifest(root, space.id);
        if (before && space.revision && before.revision === space.revision && (!this.flags['change-requests'] || before.changeRequests)) {
          line = {
            space: space.id,
            title: space.title,
            status: 'unchanged',
            folder,
            revision: space.revision,
            pages: before.pages,
            files: before.files,
          };
        } else {
          try {
            const { manifest } = await backupSpace(api, space, root, {
              signal,
              collectionPath,
              changeRequests: this.flags['change-requests'],
              onPages: (done, total) => progress.update(`${label}: pages ${done}/${total}…`),
            });
            line = {
              space: space.id,
              title: space.title,
              status: 'written',
              folder,
              revision: manifest.revision,
              pages: manifest.pages,
              files: manifest.files,
              ...(manifest.changeRequests ? { changeRequests: manifest.changeRequests.length } : {}),
            };
          } catch (err) {
            // What no other space would escape: stop now (the copies in place are whole).
            if (err instanceof AbortedError || err instanceof RateLimitError || signal.aborted) throw err;
            if (err instanceof ApiError && err.status === 401) throw err;
            const ctx = this.errorContext();
            const exitCode = exitCodeOf(err, ctx);
            firstFailure ??= exitCode;
            line = { space: space.id, title: space.title, status: 'failed', folder, error: describeError(err, ctx), exitCode };
          }
        }
        lines.push(line);
        index.spaces.push({
          id: space.id,
          title: space.title,
          collectionPath,
          folder,
          ...(line.revision ? { revision: line.revision } : {}),
          status: line.status,
          ...(line.error ? { error: line.error } : {}),
        });
        if (this.output.isJson) await this.output.jsonLine(line);
      }
      await writeIndex(root, index);
    } finally {
      progress.stop();
    }
    const count = (status: SpaceLine['status']) => lines.filter((l) => l.status === status).length;
    const total = {
      total: true,
      spaces: lines.length,
      written: count('written'),
      unchanged: count('unchanged'),
      failed: count('failed'),
      directory: root,
    };
    if (this.output.isJson) {
      await this.output.jsonLine(total);
    } else {
      this.output.list(lines, {
        SPACE: 'space',
        TITLE: 'title',
        STATUS: 'status',
        PAGES: 'pages',
        FILES: 'files',
        FOLDER: (l) => `${l.folder}/${CONTENT_DIR}`,
      });
      for (const l of lines.filter((x) => x.status === 'failed')) this.output.error(`${l.space}: ${l.error ?? 'failed'}`);
      this.output.info(
        `Backed up ${total.spaces} space${total.spaces === 1 ? '' : 's'} into ${dir}: ${total.written} written, ${total.unchanged} unchanged, ${total.failed} failed.`,
      );
    }
    if (firstFailure !== undefined)
      throw new CommandFailure(`${total.failed} of ${total.spaces} spaces could not be backed up`, firstFailure as ExitCode);
  }
}
