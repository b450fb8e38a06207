import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { WaitBudget, type RateLimiter, type RateLimitWait } from '../api/rate-limit.js';
import { waitText } from '../cli/rate-limit-notice.js';
import { KeysContext } from './keys.js';

/**
 * The API's rate limit as the interactive views show it. When a load waits on the limit, the status line says so and
 * counts down ("Rate limited: resuming in 42 s (60 requests a window of 60 s) · esc cancels"), and Esc cancels the
 * loads in progress: they end with `LoadCancelled`, which the screen shows like any failed load, and it stays usable.
 *
 * Each load has a wait budget of its own, attached to its signal (`track`). A person watches the countdown and can
 * cancel it at any moment, so the budget is the long one of bulk work (4 h, or --max-wait / DOCS_MAX_WAIT): a budget
 * is there to stop a job nobody watches, and a view's diff of a large change request is many requests.
 */

/** A load the person cancelled while it waited on the rate limit. */
export class LoadCancelled extends Error {
  override name = 'LoadCancelled';
  constructor() {
    super('Cancelled while waiting on the rate limit.');
  }
}

/** A wait as the views show it: until when, and whether Esc cancels something. */
export interface ShownWait {
  wait: RateLimitWait;
  until: number;
  cancellable: boolean;
}

/** Waits shorter than this (pacing a shared window) are not shown: they are over before they could be read. */
const SHOWN_FROM_MS = 1000;

/** `Rate limited: resuming in 42 s (60 requests a window of 60 s) · esc cancels`. */
export function waitLine(shown: Pick<ShownWait, 'wait' | 'cancellable'>, leftMs: number): string {
  const text = waitText(shown.wait, leftMs);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${shown.cancellable ? ' · esc cancels' : ''}`;
}

export class RateLimitWatch {
  private waiting: { wait: RateLimitWait; until: number } | undefined;
  private shown: ShownWait | undefined;
  private readonly loads = new Set<() => void>();
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly options: {
      /** The client's limiter: each load's signal gets its budget there; its waits are shown. */
      limiter?: Pick<RateLimiter, 'attach' | 'onWait'>;
      /** A load's wait budget, and where it came from (for the message past it). */
      budgetMs: number;
      source?: string;
      now?: () => number;
    },
  ) {
    this.now = options.now ?? Date.now;
    this.unsubscribe = options.limiter?.onWait((wait) => this.onWait(wait));
  }

  /** Stop listening to the limiter (the view has quit). */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** The wait being shown, or undefined when none is (or it is over). */
  get current(): ShownWait | undefined {
    return this.shown && this.shown.until > this.now() ? this.shown : undefined;
  }

  onWait(wait: RateLimitWait): void {
    if (wait.ms < SHOWN_FROM_MS) return;
    const until = this.now() + wait.ms;
    if (this.current && this.waiting && this.waiting.until >= until) return;
    this.waiting = { wait, until };
    this.changed();
  }

  /**
   * A load begins: requests sent with `signal` draw their waits from a budget of their own, and `cancel` is called if
   * the person cancels while it waits. Returns what to call when the load is over.
   */
  track(signal: AbortSignal, cancel: () => void): () => void {
    this.attach(signal);
    this.loads.add(cancel);
    return () => {
      if (this.loads.delete(cancel) && this.loads.size === 0 && this.waiting) this.changed();
    };
  }

  /** Requests sent with `signal` draw their waits from a view load's budget. */
  attach(signal: AbortSignal): void {
    this.options.limiter?.attach(signal, new WaitBudget(this.options.budgetMs, this.options.source));
  }

  /** Esc while a load waits: every load in progress is cancelled. True when there was something to cancel. */
  cancel(): boolean {
    if (!this.current?.cancellable) return false;
    const loads = [...this.loads];
    this.loads.clear();
    this.waiting = undefined;
    for (const cancel of loads) cancel();
    this.changed();
    return true;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A new object whenever what is shown changes (for useSyncExternalStore). */
  snapshot = (): ShownWait | undefined => this.shown;

  private changed(): void {
    const w = this.waiting && this.waiting.until > this.now() ? this.waiting : undefined;
    // Esc cancels loads (reads); an action's write waits for all to see, with nothing to cancel.
    this.shown = w && { ...w, cancellable: w.wait.kind === 'read' && this.loads.size > 0 };
    for (const listener of this.listeners) listener();
  }
}

export const RateLimitContext = createContext<RateLimitWatch | undefined>(undefined);

/**
 * The rate-limit wait the status line shows, counting down each second, with what is left of it; undefined when
 * there is none (or the view runs without a watch, as in plain renders).
 */
export function useRateLimitWait(): { shown: ShownWait; leftMs: number } | undefined {
  const watch = useContext(RateLimitContext);
  const shown = useSyncExternalStore(watch?.subscribe ?? noSubscription, watch?.snapshot ?? nothing);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!shown) return undefined;
    // A new render each second for the countdown, until the wait is over.
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      if (shown.until <= Date.now()) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [shown]);
  if (!shown) return undefined;
  const leftMs = shown.until - Date.now();
  return leftMs > 0 ? { shown, leftMs } : undefined;
}

const noSubscription = (): (() => void) => () => undefined;
const nothing = (): undefined => undefined;

const ESC = '\u001B';

/**
 * Provides the watch to the view and gives it Esc first: while a load waits on the rate limit, Esc cancels it even
 * when the keys typed before it are still held (the first screen has not loaded) or deferred behind an action.
 */
export function RateLimitProvider({ watch, children }: { watch: RateLimitWatch | undefined; children?: ReactNode }): ReactElement {
  const feed = useContext(KeysContext);
  useEffect(() => {
    if (!feed || !watch) return undefined;
    return feed.setUrgent((key) => key === ESC && watch.cancel());
  }, [feed, watch]);
  return createElement(RateLimitContext.Provider, { value: watch }, children);
}
