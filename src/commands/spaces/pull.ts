import { Args, Flags } from '@oclif/core';
import { ExitCode } from '../../api/errors.js';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { content } from '../../api/operations/content.js';
import { contentTwins } from '../../api/operations/twins.js';
import { markdownOf, scopeLabel, type Scope } from '../../api/scope.js';
import { ContentCommand } from '../../cli/content-command.js';
import { CommandFailure, UsageError } from '../../cli/index.js';
import { crFlag } from '../../cli/flags/common.js';
import type { Progress } from '../../cli/progress.js';
import { inFlight, pool } from '../../content/pool.js';
import { pageFile, planLayout, SUMMARY_FILE, type PlannedFile } from '../../content/pull.js';
import { checkFolder, checkWritable, EscapeError, openFolder, FolderError, writeInside } from '../../content/write.js';

export default class SpacesPull extends ContentCommand<typeof SpacesPull> {
  static override operations = [content.listPages, content.getPage, changeRequestContent.listPages, changeRequestContent.getPage];
  // Many requests: waits on the rate limit up to 4 h (--max-wait).
  static override bulk = true;
  static override summary = "Write a space's pages to a folder of markdown files";
  static override description = [
    "One markdown file per page in folders mirroring the page tree (a page with subpages is a folder with a README.md; the first page is README.md), and SUMMARY.md listing the pages in order: the layout of GitBook's Git Sync, so the folder can be grepped, diffed, committed and imported back.",
    "Each file starts with the page title as a `# heading`, then the page's markdown. Top-level groups are `## sections` of SUMMARY.md; link pages are SUMMARY.md entries without a file.",
    'The folder is created if missing; one that is not empty is refused unless --force, which overwrites files of the same name and leaves the others. Nothing is written outside it: names come from sanitised slugs, and symbolic links in the folder are not followed.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces pull sp_abc ./docs',
    {
      description: 'The content of change request 42, over a previous pull',
      command: '<%= config.bin %> spaces pull sp_abc ./docs --cr 42 --force',
    },
    { description: 'What was written, as JSON', command: '<%= config.bin %> spaces pull sp_abc ./docs --json' },
  ];
  static override args = {
    space: Args.string({ description: 'Space id', required: true }),
    dir: Args.string({ description: 'Folder to write to (created if missing)', required: true }),
  };
  static override flags = {
    cr: crFlag(),
    force: Flags.boolean({ description: 'Write into a folder that is not empty (files of the same name are overwritten)' }),
  };

  async run(): Promise<void> {
    const scope = this.scope(this.args.space);
    const dir = this.args.dir;
    await this.inFolder(() => checkFolder(dir, this.flags.force));

    const progress = await this.longWork(`Reading the page tree of ${scopeLabel(scope)}…`);
    try {
      await this.pull(scope, dir, progress);
    } finally {
      progress.stop();
    }
  }

  private async pull(scope: Scope, dir: string, progress: Progress): Promise<void> {
    const tree = await this.sendIn(contentTwins.listPages, scope, {});
    const layout = planLayout(tree.pages);
    const markdown = await this.fetchAll(layout.files, progress, async (file) =>
      markdownOf(await this.sendIn(contentTwins.getPage, scope, { pageId: file.page.id, query: { format: 'markdown' } })),
    );

    progress.update(`Writing ${layout.files.length + 1} files into ${dir}…`);
    const root = await this.inFolder(() => openFolder(dir));
    const paths = [...layout.files.map((f) => f.path), SUMMARY_FILE];
    // Every path is checked before the first write, so a refusal leaves the folder as it was.
    for (const path of paths) await this.inFolder(() => checkWritable(root, path));
    const written: string[] = [];
    const write = async (path: string, text: string) => {
      await this.inFolder(() => writeInside(root, path, text));
      written.push(path);
    };
    for (const [i, file] of layout.files.entries()) await write(file.path, pageFile(file.page.title, markdown[i], file.page.description));
    await write(SUMMARY_FILE, layout.summary);

    progress.stop();
    if (this.output.isJson) return this.output.json({ directory: root, pages: layout.files.length, files: written });
    const pages = `${layout.files.length} page${layout.files.length === 1 ? '' : 's'}`;
    // Piped, like every answer to a change: one row, what was written first (the folder, pages, files).
    const summary = { directory: dir, pages: layout.files.length, files: written.length };
    this.output.done(`Pulled ${pages} into ${dir} (${written.length} files, with ${SUMMARY_FILE})`, summary, {
      DIRECTORY: 'directory',
      PAGES: 'pages',
      FILES: 'files',
    });
  }

  /** Fetch every page's markdown, a few at a time, in layout order; progress on a terminal. */
  private async fetchAll(
    files: readonly PlannedFile[],
    progress: Progress,
    fetch: (file: PlannedFile) => Promise<string | undefined>,
  ): Promise<(string | undefined)[]> {
    // Each request in flight listens on the command's abort signal (Ctrl-C), some until their body is read.
    inFlight(this.abort.signal);
    progress.update(`Pulling 0/${files.length} pages…`);
    let pulled = 0;
    this.requestsLeft = () => files.length - pulled;
    return pool(
      files.map((file) => () => fetch(file)),
      (done) => progress.update(`Pulling ${(pulled = done)}/${files.length} pages…`),
    );
  }

  /** File system failures as one line: the folder as asked (exit 2), an escape or I/O error (exit 1). */
  private async inFolder<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof FolderError) throw new UsageError(err.message);
      if (err instanceof EscapeError) throw new CommandFailure(err.message, ExitCode.unexpected);
      const e = err as NodeJS.ErrnoException;
      throw new CommandFailure(
        `cannot write into ${this.args.dir}: ${e.code ? `${e.code} ${e.path ?? ''}`.trim() : e.message}`,
        ExitCode.unexpected,
      );
    }
  }
}
