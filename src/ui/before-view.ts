import type { RateLimitWait } from '../api/rate-limit.js';
import { waitText } from '../cli/rate-limit-notice.js';
import type { TerminalSession } from './terminal.js';

/**
 * The API's rate limit while a view's command reads what the view starts with, before the view is drawn (the
 * terminal shows the session's first frame then, and nothing may be written to stderr).
 *
 * - A preload (a list the command reads beside the view's code, to show it at once) that meets a wait is abandoned:
 *   the view reads it itself, and shows the wait in its status line with Esc to cancel it. The request that waited
 *   was never sent.
 * - Any other request (the change request or space the command was given, which it must read to fail with the
 *   usual exit code) waits within the command's budget; the first frame's loading line says so, counting down.
 */
export class BeforeView {
  private readonly preloads = new Set<AbortController>();
  private readonly abandoned = new WeakSet<AbortSignal>();
  private until = 0;
  private shown: RateLimitWait | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly session: Pick<TerminalSession, 'status'> | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** A signal for a preload: aborted with `parent`, or when the preload meets the rate limit. */
  preload(parent: AbortSignal): AbortSignal {
    const controller = new AbortController();
    if (parent.aborted) controller.abort();
    else parent.addEventListener('abort', () => controller.abort(), { once: true });
    this.preloads.add(controller);
    return controller.signal;
  }

  /** The preload of `signal` is over. */
  done(signal: AbortSignal): void {
    for (const c of this.preloads) if (c.signal === signal) this.preloads.delete(c);
  }

  /** Whether the preload of `signal` was abandoned for a wait on the rate limit (the view then reads it itself). */
  wasAbandoned(signal: AbortSignal): boolean {
    return this.abandoned.has(signal);
  }

  onWait(wait: RateLimitWait): void {
    if (this.preloads.size > 0) {
      for (const c of this.preloads) {
        this.abandoned.add(c.signal);
        c.abort();
      }
      this.preloads.clear();
      return;
    }
    if (wait.ms < 1000 || !this.session) return;
    this.until = Math.max(this.until, this.now() + wait.ms);
    this.shown = wait;
    this.tick();
    this.timer ??= setInterval(() => this.tick(), 1000);
    this.timer.unref?.();
  }

  /** The view is about to be drawn (or the command ends): the countdown stops. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.shown = undefined;
  }

  private tick(): void {
    const left = this.until - this.now();
    if (left <= 0 || !this.shown) {
      this.session?.status('Loading…');
      return this.stop();
    }
    const text = waitText(this.shown, left);
    this.session?.status(`${text.charAt(0).toUpperCase()}${text.slice(1)} · ctrl-c quits`, true);
  }
}
