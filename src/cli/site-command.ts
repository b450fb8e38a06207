import type { Command } from '@oclif/core';
import { DocsCommand } from './base-command.js';
import { siteTarget } from './format/sites.js';

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
    const { site } = siteTarget([this.given.site], this.given.flag, this.config.bin);
    return this.about('site', site);
  }

  /** The site id and the id of its part given after it. */
  protected sitePart(kind: keyof typeof PARTS, partArg: string | undefined): { site: string; part: string } {
    const { site, part, hint } = siteTarget([this.given.site, partArg], this.given.flag, this.config.bin, PARTS[kind]);
    return { site: this.about('site', site), part: this.about(kind, part, hint) };
  }

  private get given(): { site?: string; flag?: string } {
    return { site: (this.args as { site?: string }).site, flag: (this.flags as { site?: string }).site };
  }
}
