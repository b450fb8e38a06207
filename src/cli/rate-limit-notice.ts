import type { RateLimitWait } from '../api/rate-limit.js';
import type { Progress } from './progress.js';

/** `42 s`, `3 min 20 s`, `2 h 47 min`: a wait as people read it. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
}

/** `60 requests a window of 60 s`, or as much of it as the answers told. */
export function windowText(limit: number | undefined, windowMs: number | undefined): string {
  if (limit === undefined) return '';
  return `${limit} request${limit === 1 ? '' : 's'} a window${windowMs ? ` of ${duration(windowMs)}` : ''}`;
}

/** `rate limited: resuming in 42 s (60 requests a window of 60 s)`. */
export function waitText(wait: Pick<RateLimitWait, 'reason' | 'limit' | 'windowMs'>, leftMs: number): string {
  const window = windowText(wait.limit, wait.windowMs);
  const what = wait.reason === 'pacing' ? 'rate limit shared with other clients: next request' : 'rate limited: resuming';
  return `${what} in ${duration(leftMs)}${window ? ` (${window})` : ''}`;
}

/**
 * What a person sees while the rate limit holds a command back. On a terminal, the progress line says so and counts
 * down, then shows what it showed before (a line of its own when the command had none). Otherwise (a CI log, a pipe)
 * one line on stderr for a wait of 10 s or more, once however many requests wait for the same reset. Short pacing
 * waits show nothing.
 */
export class RateLimitNotice {
  private until = 0;
  private announced = 0;
  private timer?: ReturnType<typeof setInterval>;
  private own?: Progress;
  private shown?: { wait: RateLimitWait };

  constructor(
    private readonly options: {
      terminal: boolean;
      now: () => number;
      /** The command's progress line, if it shows one now: the notice takes its place while it lasts. */
      line: () => { progress: Progress; text: string } | undefined;
      start: (text: string) => Promise<Progress>;
      write: (text: string) => void;
    },
  ) {}

  /** Whether the notice holds the progress line: the command's own updates wait until it is over. */
  get showing(): boolean {
    return this.shown !== undefined;
  }

  onWait(wait: RateLimitWait): void {
    if (wait.ms < 1000) return;
    const now = this.options.now();
    const until = now + wait.ms;
    if (!this.options.terminal) {
      if (wait.ms >= 10_000 && until > this.announced + 1000) {
        this.announced = until;
        this.options.write(waitText(wait, wait.ms));
      }
      return;
    }
    this.until = Math.max(this.until, until);
    this.shown = { wait };
    if (this.timer) return this.tick();
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref?.();
    if (!this.options.line()) {
      void this.options.start(waitText(wait, wait.ms)).then((progress) => {
        if (this.shown) this.own = progress;
        else progress.stop();
      });
    }
    this.tick();
  }

  /** Stops the countdown (the command ends). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.shown = undefined;
    this.own?.stop();
    this.own = undefined;
  }

  private tick(): void {
    const left = this.until - this.options.now();
    const line = this.options.line();
    if (left <= 0 || !this.shown) {
      this.stop();
      // The command's own line comes back as it last set it.
      if (line) line.progress.update(line.text);
      return;
    }
    const text = waitText(this.shown.wait, left);
    (line?.progress ?? this.own)?.update(text);
  }
}
