import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { demoSeed } from '../../src/emulator/seed/demo.js';
import { BIN, ROOT } from './e2e.js';
import { residentShim } from './resident.js';
import { git } from './setup.js';

/**
 * The examples people copy: every command's examples (from oclif.manifest.json) and every `docs …`
 * command of the project's markdown, as shell text ready to run. A markdown code block is one
 * session: its commands run in order against one emulator (later lines use what earlier ones made).
 */

export interface Example {
  /** Where it comes from: `cr merge #2` or `README.md:44`. */
  where: string;
  /** Shell commands as written, run in order; each may span lines. */
  commands: string[];
  /** What help says about it (may name an exit code). */
  description?: string;
}

const render = (text: string, id: string) => text.replaceAll('<%= config.bin %>', 'docs').replaceAll('<%= command.id %>', id);

interface ManifestCommand {
  examples?: (string | { description?: string; command: string })[];
  flags?: Record<string, unknown>;
}

/** Ids (`cr merge`) of the commands that ask before they act: they have --yes. */
export function confirmingCommands(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as { commands: Record<string, ManifestCommand> };
  return Object.entries(manifest.commands)
    .filter(([, c]) => c.flags?.yes !== undefined)
    .map(([id]) => id.replaceAll(':', ' '));
}

export function helpExamples(): Example[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
    commands: Record<string, ManifestCommand>;
  };
  return Object.entries(manifest.commands).flatMap(([key, command]) => {
    const id = key.replaceAll(':', ' ');
    return (command.examples ?? []).map((example, i) => {
      const where = `${id} #${i + 1}`;
      // An object's command lines are one command (help joins them with ` \`); a string's lines
      // are separate commands after an optional line of prose.
      if (typeof example !== 'string') {
        const commands = [render(example.command, id).split(/\r?\n/).join(' \\\n')];
        return { where, commands, ...(example.description ? { description: example.description } : {}) };
      }
      return { where, commands: render(example, id).split(/\r?\n/).filter(isCommand) };
    });
  });
}

/** A line that runs something (rather than prose before an example). */
const isCommand = (line: string) => /(^|[|&;(]\s*|\$\()docs\s/.test(line) || /^(vi|curl|echo|printf|export|if|elif|fi|else)\b/.test(line);

/** The markdown files whose `docs` lines are examples (src/commands/README.md is generated from help). */
export const MARKDOWN = ['README.md', 'src/README.md', 'src/emulator/README.md', 'src/api/CONTRACT-NOTES.md', 'bench/README.md'];

export function markdownExamples(files = MARKDOWN): Example[] {
  return files.filter((f) => existsSync(join(ROOT, f))).flatMap((file) => blocks(file, readFileSync(join(ROOT, file), 'utf8')));
}

/** Fenced blocks without a language (or sh/bash/shell) that hold a `docs` command. */
export function blocks(file: string, text: string): Example[] {
  const lines = text.split('\n');
  const out: Example[] = [];
  let open: { start: number; lang: string; lines: { n: number; text: string }[] } | undefined;
  lines.forEach((line, i) => {
    const fence = /^(\s*)```(\S*)/.exec(line);
    if (fence) {
      if (!open) open = { start: i + 1, lang: fence[2] ?? '', lines: [] };
      else {
        const block = open;
        open = undefined;
        if (['', 'sh', 'bash', 'shell', 'console'].includes(block.lang)) {
          const commands = sessionCommands(block.lines);
          if (commands.some((c) => isCommand(c.text)))
            out.push({ where: `${file}:${commands[0]?.n ?? block.start}`, commands: commands.map((c) => c.text) });
        }
      }
      return;
    }
    open?.lines.push({ n: i + 1, text: line });
  });
  return out;
}

/**
 * The commands of a block: with `$ ` prompts only the prompted lines (the rest is output);
 * otherwise every line. A command goes on over lines ending in `\`, `|` or `&&`, and from `if` to `fi`.
 */
function sessionCommands(lines: { n: number; text: string }[]): { n: number; text: string }[] {
  const prompted = lines.some((l) => l.text.startsWith('$ '));
  const picked = prompted
    ? lines.filter((l) => l.text.startsWith('$ ')).map((l) => ({ n: l.n, text: l.text.slice(2) }))
    : lines.filter((l) => l.text.trim() !== '' && !l.text.trim().startsWith('#'));
  const out: { n: number; text: string }[] = [];
  let depth = 0;
  for (const line of picked) {
    const last = out.at(-1);
    const continues = last && (depth > 0 || /(\\|\||&&)\s*$/.test(last.text));
    if (continues) last.text += `\n${line.text}`;
    else out.push({ ...line });
    if (/^\s*if\b/.test(line.text)) depth++;
    if (/^\s*fi\b/.test(line.text)) depth--;
  }
  return out;
}

/** The exit code an example names: in a comment (`# exits 5`, `# exit code 3: not found`) or its description. */
export function namedExit(command: string, description = ''): number | undefined {
  const m = /#[^\n]*\bexit(?:s| code)\s+(\d+)/.exec(command) ?? /\bexits\s+(\d+)/.exec(description);
  return m ? Number(m[1]) : undefined;
}

/** A line that shows a command's form (`docs cr list [SPACE] [--status …]`), not a command to run. */
export const isSynopsis = (command: string) => /\s\[(-|[A-Z]{2,})/.test(command.replace(/\s+#.*$/, ''));

export interface ShellResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface ShellOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Run on a pseudo-terminal (util-linux `script`), typing this, for commands that ask first. */
  tty?: string;
  timeoutMs?: number;
  /** A long-running command (the emulator): done when stdout shows this; then stopped with SIGTERM. */
  until?: RegExp;
}

/** Run one command with bash (pipefail: a failing `docs` in a pipe fails the line). */
export function shell(command: string, options: ShellOptions): Promise<ShellResult> {
  const started = performance.now();
  const script = `set -o pipefail\n${command}`;
  const [file, args] = options.tty === undefined ? ['bash', ['-c', script]] : ['script', ['-qec', `bash -c ${quote(script)}`, '/dev/null']];
  const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  let stopped = false;
  const stop = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    if (options.until && !stopped && options.until.test(stdout)) {
      stopped = true;
      // As Ctrl-C would, once it has settled: the command's own signal handler then stops it.
      setTimeout(() => stop('SIGTERM'), 300);
    }
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // A command that reads nothing may be gone before its input is written.
  child.stdin.on('error', () => {});
  child.stdin.end(options.tty ?? '');
  const timer = setTimeout(() => {
    stderr += `\n(killed after ${options.timeoutMs ?? 30_000} ms)`;
    stop('SIGKILL');
  }, options.timeoutMs ?? 30_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** At most `n` tasks at a time. */
export function limit(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export const PETSTORE = JSON.stringify({ openapi: '3.0.3', info: { title: 'Petstore', version: '1.0.0' }, paths: {} });

/** A working directory with every file the examples read, a bare Git repository and the fixtures under the files root. */
export function makeTemplate(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docs-examples-'));
  const files: Record<string, string> = {
    'collection.json': '{"title":"Operations"}\n',
    'body.json': '{"title":"Operations"}\n',
    'review.md': 'Looks good to me.\n',
    'note.md': 'A note.\n',
    'schema.json': `${JSON.stringify({
      type: 'object',
      additionalProperties: false,
      properties: { isBetaUser: { type: 'boolean', description: 'In the beta program' } },
    })}\n`,
    'openapi.json': PETSTORE,
    'openapi.yaml': "openapi: 3.0.3\ninfo:\n  title: Petstore\n  version: '1.1.0'\npaths: {}\n",
    'petstore.yaml': "openapi: 3.0.3\ninfo:\n  title: Petstore\n  version: '1.0.0'\npaths: {}\n",
    'okta.pem': '-----BEGIN CERTIFICATE-----\nMIIDpDCCAoygAwIBAgIGAYokta\n-----END CERTIFICATE-----\n',
    'new-okta.pem': '-----BEGIN CERTIFICATE-----\nMIIDpDCCAoygAwIBAgIGAYnewokta\n-----END CERTIFICATE-----\n',
    'instructions.json': `${JSON.stringify({ object: 'document', data: {}, nodes: [] })}\n`,
    'guide.md': '# Guide\n\nA guide.\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'docs.zip'), zipSync({ 'README.md': strToU8('# Docs\n'), 'setup.md': strToU8('# Setup\n') }));
  const example = join(ROOT, 'src/emulator/seed/example.json');
  const seed = existsSync(example) ? readFileSync(example, 'utf8') : JSON.stringify(demoSeed);
  for (const name of ['seed.json', 'my-seed.json']) writeFileSync(join(dir, name), seed);
  mkdirSync(join(dir, 'home', 'docs-src'), { recursive: true });
  const work = join(dir, 'repo-work');
  mkdirSync(join(work, 'docs'), { recursive: true });
  writeFileSync(join(work, 'README.md'), '# Acme\n');
  writeFileSync(join(work, 'docs', 'README.md'), '# Docs\n\nFrom the repository.\n');
  git(work, 'init', '-q');
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'Docs');
  // No template: a bare repository without the sample hooks, so each example's copy is smaller.
  git(dir, 'clone', '-q', '--bare', '--template=', work, 'docs.git');
  rmSync(work, { recursive: true, force: true });
  return dir;
}

/** `docs` (test/helpers/resident.ts: in the test's process when DOCS_RESIDENT_PORT is set), an editor and a pager. */
export function makeShims(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docs-examples-bin-'));
  const shim = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  writeFileSync(join(dir, 'docs'), residentShim(process.execPath, BIN), { mode: 0o755 });
  // An editor that edits, and a pager for diffs: what a person would use at these steps.
  shim('vi', 'for f in "$@"; do case "$f" in *.json) touch "$f" ;; *) echo "Edited." >> "$f" ;; esac; done');
  shim('delta', 'exec cat');
  return dir;
}
