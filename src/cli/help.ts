import { Help, type Interfaces } from '@oclif/core';
import { ExitCode } from '../api/errors.js';
import { colorAllowed } from './output.js';
import { unknownCommandMessage } from './suggest.js';

/** Exit codes (the table in src/api/errors.ts); shown by `docs --help` and in the README. */
export const EXIT_CODES: ReadonlyArray<readonly [number, string]> = [
  [0, 'success'],
  [1, 'unexpected error'],
  [2, 'bad usage, or input rejected before sending (also: confirmation refused or declined)'],
  [3, 'not found'],
  [4, 'not authenticated or not permitted (401/403)'],
  [5, 'conflict or precondition failed (409/412, merge conflicts)'],
  [6, 'rate limited: the wait would pass --max-wait (429)'],
  [7, 'network error or timeout'],
  [8, 'checks found something (cr check, spaces check, git status --stale): not an error'],
  [130, 'interrupted (Ctrl-C)'],
];

export const ENVIRONMENT: ReadonlyArray<readonly [string, string]> = [
  ['DOCS_TOKEN', 'API token (overrides the profile; GITBOOK_TOKEN when unset)'],
  ['DOCS_API_URL', 'API base URL (GITBOOK_ENDPOINT when unset)'],
  ['DOCS_PROFILE', 'profile to use (default "default")'],
  ['DOCS_CONFIG_DIR', 'directory of the profile file (default: the user config directory)'],
  ['NO_COLOR', 'disable colour'],
];

/**
 * The root help also lists the exit codes and environment variables, so scripts can be written
 * from `docs --help` alone.
 */
export default class DocsHelp extends Help {
  /**
   * Topics that hold commands. oclif decides it with `includes('api:')`, so `openapi:versions` made
   * the `api` command show up as a topic too.
   */
  protected override get sortedTopics(): Interfaces.Topic[] {
    return super.sortedTopics.filter((topic) => this.config.topics.some((other) => other.name.startsWith(`${topic.name}:`)));
  }

  /** `docs help crr` / `docs crr --help`: the same one-line suggestion as running an unknown command, exit 2. */
  override async showHelp(argv: string[]): Promise<void> {
    try {
      await super.showHelp(argv);
    } catch (err) {
      const missing = err instanceof Error ? /^Command (\S+) not found\.?$/.exec(err.message) : null;
      if (!missing?.[1]) throw err;
      const color = colorAllowed({ env: process.env, noColorFlag: argv.includes('--no-color') }) && process.stderr.isTTY === true;
      process.stderr.write(`${color ? '\u001B[31mError:\u001B[39m' : 'Error:'} ${unknownCommandMessage(this.config, missing[1])}\n`);
      process.exitCode = ExitCode.usage;
    }
  }

  protected override async showRootHelp(): Promise<void> {
    await super.showRootHelp();
    // The completion plugin is loaded only for its own commands (bin/run.js), so they are not in the lists above.
    this.log(
      this.section(
        'SHELL COMPLETION',
        `${this.config.bin} autocomplete [bash|zsh|powershell]  how to set up tab completion of commands and flags`,
      ),
    );
    this.log('');
    const width = (rows: ReadonlyArray<readonly [unknown, string]>) => Math.max(...rows.map(([k]) => String(k).length));
    const codes = width(EXIT_CODES);
    this.log(this.section('EXIT CODES', EXIT_CODES.map(([code, text]) => `${String(code).padEnd(codes)}  ${text}`).join('\n')));
    this.log('');
    const names = width(ENVIRONMENT);
    this.log(this.section('ENVIRONMENT', ENVIRONMENT.map(([name, text]) => `${name.padEnd(names)}  ${text}`).join('\n')));
    this.log('');
  }
}
