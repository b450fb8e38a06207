import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The command reference (src/commands/README.md), written from the oclif manifest so it cannot
 * drift from the commands: `npm run docs:commands` rewrites it, and test/cli/command-reference
 * fails when the committed file differs from what the manifest gives.
 */

interface ManifestFlag {
  name: string;
  type: 'boolean' | 'option';
  char?: string;
  description?: string;
  summary?: string;
  helpValue?: string;
  helpGroup?: string;
  options?: string[];
  required?: boolean;
  multiple?: boolean;
  allowNo?: boolean;
  hidden?: boolean;
  default?: unknown;
}

interface ManifestArg {
  name: string;
  description?: string;
  required?: boolean;
}

type Example = string | { description: string; command: string };

interface ManifestCommand {
  id: string;
  summary?: string;
  description?: string;
  hidden?: boolean;
  aliases?: string[];
  args?: Record<string, ManifestArg>;
  flags?: Record<string, ManifestFlag>;
  examples?: Example[];
}

export interface Manifest {
  commands: Record<string, ManifestCommand>;
}

const BIN = 'docs';
const spaced = (id: string): string => id.replace(/:/g, ' ');
/** oclif's templates in examples and descriptions: `<%= config.bin %>` and `<%= command.id %>`. */
const fill = (text: string, id: string): string => text.replace(/<%= config\.bin %>/g, BIN).replace(/<%= command\.id %>/g, spaced(id));
const anchor = (id: string): string => `${BIN}-${id.replace(/:/g, '-')}`;

function flagName(flag: ManifestFlag): string {
  const long = `--${flag.allowNo ? '[no-]' : ''}${flag.name}`;
  const value = flag.type === 'option' ? ` ${flag.options ? flag.options.join('|') : (flag.helpValue ?? '<value>')}` : '';
  return `${flag.char ? `-${flag.char}, ` : ''}${long}${value}`;
}

function usage(cmd: ManifestCommand): string {
  const args = Object.values(cmd.args ?? {}).map((a) => (a.required ? a.name.toUpperCase() : `[${a.name.toUpperCase()}]`));
  const required = Object.values(cmd.flags ?? {})
    .filter((f) => f.required && !f.hidden)
    .map((f) => `--${f.name}${f.type === 'option' ? ` ${f.helpValue ?? '<value>'}` : ''}`);
  return [`${BIN} ${spaced(cmd.id)}`, ...args, ...required, '[flags]'].join(' ');
}

function flagLine(flag: ManifestFlag): string {
  const text = (flag.description ?? flag.summary ?? '').replace(/\s*\n\s*/g, ' ');
  const notes = [flag.required ? 'required' : '', flag.multiple && !/repeatable/i.test(text) ? 'repeatable' : ''].filter(Boolean);
  return `- \`${flagName(flag)}\`${text ? ` — ${text}` : ''}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

function section(cmd: ManifestCommand): string {
  const out = [`## \`${BIN} ${spaced(cmd.id)}\``, ''];
  if (cmd.summary) out.push(cmd.summary, '');
  out.push('```', usage(cmd), '```', '');
  if (cmd.description) out.push(fill(cmd.description, cmd.id), '');
  const args = Object.values(cmd.args ?? {});
  if (args.length) {
    out.push('Arguments:', '');
    for (const a of args)
      out.push(`- \`${a.name.toUpperCase()}\`${a.description ? ` — ${a.description}` : ''}${a.required ? '' : ' (optional)'}`);
    out.push('');
  }
  const flags = Object.values(cmd.flags ?? {}).filter((f) => !f.hidden && f.helpGroup !== 'GLOBAL');
  if (flags.length) out.push('Flags:', '', ...flags.map(flagLine), '');
  const aliases = (cmd.aliases ?? []).map((a) => `\`${BIN} ${spaced(a)}\``);
  if (aliases.length) out.push(`Also: ${aliases.join(', ')}`, '');
  if (cmd.examples?.length) {
    out.push('Examples:', '', '```');
    for (const ex of cmd.examples) {
      if (typeof ex === 'string') out.push(`$ ${fill(ex, cmd.id)}`);
      else out.push(`# ${fill(ex.description, cmd.id)}`, `$ ${fill(ex.command, cmd.id).replace(/\n/g, ' \\\n    ')}`);
    }
    out.push('```', '');
  }
  return out.join('\n');
}

export function renderReference(manifest: Manifest): string {
  const commands = Object.values(manifest.commands)
    .filter((c) => !c.hidden)
    .sort((a, b) => a.id.localeCompare(b.id));
  const globals = new Map<string, ManifestFlag>();
  for (const c of commands) for (const f of Object.values(c.flags ?? {})) if (f.helpGroup === 'GLOBAL') globals.set(f.name, f);
  const head = [
    '# Command reference',
    '',
    '<!-- Generated from the commands by `npm run docs:commands`; do not edit by hand. -->',
    '',
    `Every command of \`${BIN}\`, as its \`--help\` shows it. Exit codes and environment variables: see the`,
    '[README](../../README.md#exit-codes) and `docs --help`.',
    '',
    'Global flags, accepted by every command that calls the API:',
    '',
    ...[...globals.values()].map(flagLine),
    '',
    '## Commands',
    '',
    ...commands.map((c) => `- [\`${BIN} ${spaced(c.id)}\`](#${anchor(c.id)})${c.summary ? ` — ${c.summary}` : ''}`),
    '',
  ];
  return `${[...head, ...commands.map(section)].join('\n').trimEnd()}\n`;
}

/** The reference's path and its text from the built manifest, for `npm run docs:commands` and the freshness test. */
export function referenceFromManifest(root: string): { path: string; text: string } {
  const manifest = JSON.parse(readFileSync(join(root, 'oclif.manifest.json'), 'utf8')) as Manifest;
  return { path: join(root, 'src', 'commands', 'README.md'), text: renderReference(manifest) };
}

export function writeReference(root: string): string {
  const { path, text } = referenceFromManifest(root);
  writeFileSync(path, text);
  return path;
}
