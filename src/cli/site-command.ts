import type { Command } from '@oclif/core';
import { DocsCommand } from './base-command.js';
import { UsageError } from './errors.js';

/** What a site holds and a command names after the site's id: `docs sites sections delete site_abc sec_1`. */
const PARTS = {
  'site section': { label: 'section', list: 'sites sections list' },
  'site section group': { label: 'section group', list: 'sites section-groups list' },
  'site space': { label: 'site space', list: 'sites spaces list' },
} as const;

/**
 * The base of `docs sites …` commands, whose `site` argument may be given as --site instead (both
 * only when they agree): a section, section group or site space is then the argument after the
 * site, or the first one with --site. Both are named for not-found messages, the part with the list
 * command of that very site. A command using these declares the `site` argument and flag
 * (`siteArg()`, `siteFlag()` in format/sites.ts).
 */
export abstract class SiteCommand<T extends typeof Command = typeof Command> extends DocsCommand<T> {
  // As in ContentCommand: oclif's manifest keeps the global flags only while each class has statics of its own.
  static override baseFlags = DocsCommand.baseFlags;

  /** The site id: the argument or --site. */
  protected site(): string {
    const { site } = siteAndPart([this.given.site], this.given.flag, this.config.bin);
    return this.subject('site', site);
  }

  /** The site id and the id of its part given after it. */
  protected sitePart(kind: keyof typeof PARTS, partArg: string | undefined): { site: string; part: string } {
    const { site, part, hint } = siteAndPart([this.given.site, partArg], this.given.flag, this.config.bin, PARTS[kind]);
    return { site: this.subject('site', site), part: this.subject(kind, part, hint) };
  }

  private get given(): { site?: string; flag?: string } {
    return { site: (this.args as { site?: string }).site, flag: (this.flags as { site?: string }).site };
  }
}

interface SitePart {
  /** `section`, `section group`, `site space`: how messages name the second argument. */
  label: string;
  /** The command that lists them, for the hint: `sites sections list`. */
  list: string;
}

/**
 * The site and, for commands on a part of it, the part: `SITE PART`, or `--site SITE PART` (then
 * the only positional is the part). Exit 2 saying what is missing.
 */
function siteAndPart(
  positionals: ReadonlyArray<string | undefined>,
  flag: string | undefined,
  bin: string,
  part?: SitePart,
): { site: string; part: string; hint: string } {
  const given = positionals.filter((p): p is string => p !== undefined);
  const wanted = part ? 2 : 1;
  let values = given;
  if (flag !== undefined) {
    if (given.length === wanted && given[0] !== flag) {
      throw new UsageError(`the site is given twice, as --site ${flag} and as the argument ${given[0]}: pass it once`);
    }
    values = given.length === wanted ? given : [flag, ...given];
  }
  const [site, partId = ''] = values;
  if (site === undefined)
    throw new UsageError(`no site given: pass the site id (argument or --site); list them with \`${bin} sites list\``);
  if (part && partId === '')
    throw new UsageError(`no ${part.label} given: pass its id after the site id; list them with \`${bin} ${part.list} ${site}\``);
  // For "not found" errors about the part: the list command of this very site.
  return { site, part: partId, hint: part ? `Check the id with \`${bin} ${part.list} ${site}\`.` : '' };
}
