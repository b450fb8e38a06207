/**
 * Progress on long work (`--all` lists, pulls, imports, `--wait`): a spinner with a line of text on
 * stderr, shown only when a person watches — stdout and stderr both terminals, not --json — so piped
 * runs and scripts see nothing extra. The spinner library (yocto-spinner) is loaded only then.
 * Every command shows progress this way (DocsCommand's `longWork`); nothing writes its own `\r` lines.
 */
export interface Progress {
  /** Replace the text ("Fetched 200 of 940 items…"). */
  update: (text: string) => void;
  /** Remove the line; what the command prints next takes its place (a plain function: `.finally(progress.stop)`). */
  stop: () => void;
}

const NONE: Progress = { update: () => undefined, stop: () => undefined };

export interface ProgressStreams {
  stdout: { isTTY?: boolean };
  stderr: NodeJS.WriteStream | { isTTY?: boolean };
}

/** Whether this run shows progress: a person at a terminal, not a script reading JSON. */
export const progressAllowed = (streams: ProgressStreams, json: boolean): boolean =>
  !json && streams.stdout.isTTY === true && streams.stderr.isTTY === true;

export async function startProgress(
  text: string,
  options: { enabled: boolean; stream?: NodeJS.WritableStream & { isTTY?: boolean } },
): Promise<Progress> {
  if (!options.enabled) return NONE;
  const { default: yoctoSpinner } = await import('yocto-spinner');
  // The command owns Ctrl-C (it aborts the request in flight); the spinner must not exit on it.
  const spinner = yoctoSpinner({ text, stream: (options.stream ?? process.stderr) as NodeJS.WriteStream, handleSignals: false }).start();
  return {
    update: (next) => {
      spinner.text = next;
    },
    stop: () => {
      spinner.stop();
    },
  };
}

/** `Fetched 200 items…`, or `Fetched 200 of 940 items…` when the API gives the total. */
export const fetchedText = (items: number, count?: number): string =>
  `Fetched ${items}${count !== undefined ? ` of ${count}` : ''} item${(count ?? items) === 1 ? '' : 's'}…`;

/** Counted work shorter than this (pages read, bodies fetched) keeps the line it started with. */
export const COUNT_FROM = 16;

/**
 * A callback for work that reports `(done, total)` (content/check.ts, content/diff.ts, the seed
 * readers): the line becomes `Reading pages 12/40…` once there are COUNT_FROM steps or more.
 */
export function counted(progress: Progress, label: string): (done: number, total: number) => void {
  return (done, total) => {
    if (total >= COUNT_FROM) progress.update(`${label} ${done}/${total}…`);
  };
}
