#!/usr/bin/env node
/**
 * Writes dist/help/ (run by `npm run build`, after `oclif manifest`): the text
 * of `docs --help` and of every topic's help (`docs sites --help`, `docs sites spaces`), exactly as oclif's help
 * class prints it, so that bin/run.js can print it without loading the CLI.
 *
 * oclif wraps help to the terminal's width (80 columns when stdout is not a terminal, OCLIF_COLUMNS, at least
 * 40), so each text is rendered at every width from 40 up to the one from which it no longer changes, and kept
 * once per run of widths that print the same. The root help names the CLI's user agent (its Node.js version and
 * platform), which is known only at run time: it is written as USER_AGENT and put back by bin/run.js, which
 * prints the prepared text only when the user agent fits on its line (as it does in the text rendered here).
 *
 * On a terminal oclif makes the section headings bold (where supports-color finds colour on stdout and stderr and
 * ansis agrees), so each text is also rendered so (`bold`): oclif decides colour once, as its modules load, so
 * that rendering runs in a second process of this script with FORCE_COLOR=1 (DOCS_PREPARE_BOLD=1), which adds them
 * to the files the first one wrote. The build fails where a bold text is anything but its plain text with bold
 * headings (a theme-free help that used other colours), since bin/run.js prints either for the same widths.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const USER_AGENT = '\u0000USER_AGENT\u0000';
const MIN_WIDTH = 40;
// A text that has not changed over this many widths in a row is taken to be as wide as it gets: it is kept for
// every width above (its lines are all shorter than the width by then, or are lines oclif does not wrap).
const STABLE = 40;

const { Config } = await import(join(ROOT, 'dist', 'bin', 'main.mjs'));
const { default: Help } = await import(join(ROOT, 'dist', 'bin', 'help.mjs'));
const config = await Config.load({ root: ROOT });
// The text is printed only where oclif would print it without colour (bin/run.js checks), and a theme of the
// machine that builds has nothing to do with it.
config.theme = undefined;
const pjson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

// oclif's help writes the names it prints into the commands and topics of the Config (`cr:list` becomes `cr list`),
// which is harmless in a process that prints help once; here they are put back after each text.
const names = [
  ...config.commands.map((command) => [command, 'id', command.id, command.aliases]),
  ...config.topics.map((topic) => [topic, 'name', topic.name]),
];

/** What the help class writes to stdout for `argv` at `width` columns, as a new process would print it. */
async function render(argv, width) {
  for (const [item, key, value, aliases] of names) {
    item[key] = value;
    if (aliases) item.aliases = [...aliases];
  }
  const chunks = [];
  const write = process.stdout.write;
  process.stdout.write = (chunk) => (chunks.push(String(chunk)), true);
  try {
    await new Help(config, { ...(pjson.oclif.helpOptions ?? {}), maxWidth: width }).showHelp(argv);
  } finally {
    process.stdout.write = write;
  }
  return chunks.join('').split(config.userAgent).join(USER_AGENT);
}

for (const topic of config.topics) {
  if (!topic.name.split(':').every((word) => /^[a-z0-9][a-z0-9-]*$/.test(word)))
    throw new Error(`topic ${topic.name}: bin/run.js takes only [a-z0-9-] in names`);
}

/** Topics that are not also a command: their help is the topic's, printed for `docs <topic>` too. */
const subjects = [
  [],
  ...config.topics
    .filter((topic) => !config.findCommand(topic.name) && !topic.hidden)
    .map((topic) => topic.name.split(':'))
    .sort((a, b) => a.join(' ').localeCompare(b.join(' '))),
];

const OUT = join(ROOT, 'dist', 'help');
const BOLD = process.env.DOCS_PREPARE_BOLD === '1';
const BOLD_ON = '\u001B[1m';
const BOLD_OFF = '\u001B[22m';
if (!BOLD) {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT);
}
for (const words of subjects) {
  const file = words.length === 0 ? 'root.json' : `topic ${words.join(' ')}.json`;
  if (BOLD) {
    // The plain variants' widths, each rendered bold: the same text but for bold headings.
    const prepared = JSON.parse(readFileSync(join(OUT, file), 'utf8'));
    prepared.bold = [];
    for (const [from, plain] of prepared.variants) {
      const text = await render([...words, '--help'], from);
      // The plain text has no escape at all, so neither has this one once its bold is taken out.
      if (text.split(BOLD_ON).join('').split(BOLD_OFF).join('') !== plain)
        throw new Error(
          `help of "${words.join(' ')}" at ${from} columns: oclif colours more than its headings: review bin/prepare-help.js`,
        );
      if (!text.includes(BOLD_ON))
        throw new Error(`help of "${words.join(' ')}": no bold heading with FORCE_COLOR=1: review bin/prepare-help.js`);
      prepared.bold.push([from, text]);
    }
    writeFileSync(join(OUT, file), JSON.stringify(prepared));
    continue;
  }
  // [[from width, text], ...]: the text for widths from `from` up to the next entry's.
  const variants = [];
  let same = 0;
  for (let width = MIN_WIDTH; same < STABLE; width++) {
    const text = await render([...words, '--help'], width);
    // The user agent wrapped (a long one, at a narrow width): bin/run.js leaves such widths to oclif.
    if (words.length === 0 && !text.includes(USER_AGENT)) continue;
    if (variants.at(-1)?.[1] === text) same++;
    else {
      variants.push([width, text]);
      same = 0;
    }
    if (width > 1000) throw new Error(`help of "${words.join(' ')}" changes at every width up to 1000 columns`);
  }
  // One file per subject, so that bin/run.js reads only the one it prints; `topic <words>` cannot be `root`.
  writeFileSync(join(OUT, file), JSON.stringify({ userAgent: USER_AGENT, variants }));
}
if (!BOLD) {
  const bold = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, DOCS_PREPARE_BOLD: '1', FORCE_COLOR: '1' },
  });
  if (bold.status !== 0) process.exit(bold.status ?? 1);
}
