import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { docs } from './inproc.js';

/**
 * `docs` for shell scripts run by a test, in the test's own process. The `docs` on the script's PATH
 * (`residentShim`) is a bash script: with no terminal involved, it writes its arguments, environment,
 * working directory and standard input to a folder, names the folder over a loopback connection
 * (bash's /dev/tcp), and prints what the command printed there and exits with its code. The command runs
 * here through test/helpers/inproc.ts, one at a time (each in its working directory), so a script's
 * `docs` costs a few milliseconds instead of a Node.js start. What needs a process (a terminal, the
 * emulator's server, `--help` and unknown commands, whose text comes from oclif's own entry) runs the
 * real bin/run.js, as does everything when nothing listens.
 */

export interface Resident {
  port: number;
  /** Commands run here, and commands handed back to bin/run.js. */
  counts: { inProcess: number; handedBack: number };
  close(): Promise<void>;
}

/**
 * Commands that run as a process: the emulator's server, which runs until a signal stops it, and `--wait`,
 * which spends seconds asleep and would hold every other command meanwhile.
 */
const PROCESS_ONLY = [/^emulator start\b/];
const PROCESS_FLAGS = new Set(['--help', '-h', '--wait']);

export async function startResident(): Promise<Resident> {
  const counts = { inProcess: 0, handedBack: 0 };
  let queue: Promise<unknown> = Promise.resolve();
  const server: Server = createServer((socket) => {
    let line = '';
    socket.on('data', (chunk) => {
      line += chunk.toString();
      if (!line.includes('\n')) return;
      const dir = line.slice(0, line.indexOf('\n'));
      // One command at a time: each runs in its own working directory.
      queue = queue.then(async () => {
        const answer = await runOne(dir).catch(() => 'fallback' as const);
        if (answer === 'ran') counts.inProcess++;
        else counts.handedBack++;
        socket.end(`${answer}\n`);
      });
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the resident runner has no port');
  return {
    port: address.port,
    counts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function runOne(dir: string): Promise<'ran' | 'fallback'> {
  const argv = readFileSync(join(dir, 'argv'), 'utf8').split('\0').slice(0, -1);
  const words = argv.filter((a) => !a.startsWith('-')).join(' ');
  if (PROCESS_ONLY.some((p) => p.test(words)) || argv.some((a) => PROCESS_FLAGS.has(a)) || argv[0] === 'help') {
    return 'fallback';
  }
  const env: NodeJS.ProcessEnv = {};
  for (const entry of readFileSync(join(dir, 'env'), 'utf8').split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) env[entry.slice(0, at)] = entry.slice(at + 1);
  }
  const cwd = readFileSync(join(dir, 'cwd'), 'utf8').replace(/\n$/, '');
  const input = readFileSync(join(dir, 'stdin'));
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const result = await docs(argv, { env, input, timeoutMs: 30_000 });
    writeFileSync(join(dir, 'stdout'), result.stdout);
    writeFileSync(join(dir, 'stderr'), result.stderr);
    writeFileSync(join(dir, 'code'), String(result.code ?? 1));
    return 'ran';
  } catch (err) {
    // Not a command (a topic, `--version`): bin/run.js answers those.
    if (err instanceof Error && err.message.includes('not a command run in-process')) return 'fallback';
    throw err;
  } finally {
    process.chdir(before);
  }
}

/**
 * The `docs` of a script's PATH: runs in the test's process (`DOCS_RESIDENT_PORT`) unless a terminal is
 * involved or nothing listens, else `node bin/run.js`.
 */
export function residentShim(node: string, bin: string): string {
  const real = `exec "${node}" "${bin}" "$@"`;
  return `#!/usr/bin/env bash
if [ -n "\${DOCS_RESIDENT_PORT:-}" ] && [ ! -t 0 ] && [ ! -t 1 ] && [ ! -t 2 ] &&
  { exec 3<>"/dev/tcp/127.0.0.1/\${DOCS_RESIDENT_PORT}"; } 2>/dev/null; then
  req=$(mktemp -d "\${TMPDIR:-/tmp}/docs-resident-XXXXXX")
  trap 'rm -rf "$req"' EXIT
  printf '%s\\0' "$@" >"$req/argv"
  env -0 >"$req/env"
  pwd >"$req/cwd"
  cat >"$req/stdin"
  printf '%s\\n' "$req" >&3
  IFS= read -r answer <&3
  exec 3>&-
  if [ "$answer" = ran ]; then
    cat "$req/stdout"
    cat "$req/stderr" >&2
    exit "$(cat "$req/code")"
  fi
  # bin/run.js in this process's place (a signal sent to it reaches the command), reading the saved input.
  exec 0<"$req/stdin"
  rm -rf "$req"
  exec "${node}" "${bin}" "$@"
fi
${real}
`;
}
