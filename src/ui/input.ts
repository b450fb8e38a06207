import { EventEmitter } from 'node:events';
import { unstable_IdlePriority as IdlePriority, unstable_scheduleCallback as scheduleCallback } from 'scheduler';

/**
 * The one input layer of the interactive views. Ink reads its keys from a stream; this is that stream.
 *
 * A terminal hands a program whatever arrived since its last read: `jjj` typed fast, `c` followed by a
 * comment and Enter, or keys typed while the view was still loading, come as one chunk. Ink passes a
 * chunk's plain text on as one "key", so `jjj` moved nothing and the comment box never saw its text.
 * Here a chunk is split into keys, and the keys are given to Ink one at a time, each after React has
 * drawn what the previous one did (and run the effects that subscribe a newly opened input box), so
 * every key reaches the screen that is showing when its turn comes, in order.
 *
 * A paste (the terminal's bracketed paste, turned on by the terminal session) stays one piece of text,
 * so that a pasted paragraph goes into the box it is pasted in instead of being read as keys.
 */

const ESC = '\u001B';
const PASTE_START = `${ESC}[200~`;
const PASTE_END = `${ESC}[201~`;

/** A key sequence starting at `i` (an escape sequence whole, or one character), or undefined when `text` ends inside one. */
function sequenceAt(text: string, i: number): string | undefined {
  if (text[i] !== ESC) return String.fromCodePoint(text.codePointAt(i) as number);
  if (i + 1 >= text.length) return ESC; // A lone Escape: terminals send a sequence in one write.
  let start = i + 1;
  if (text[start] === ESC) start += 1; // ESC ESC [ A: Alt with an arrow.
  const kind = text[start];
  if (kind === '[') {
    let j = start + 1;
    if (text[j] === '[') j += 1; // ESC [ [ A: the Linux console's function keys.
    while (j < text.length) {
      const code = text.charCodeAt(j);
      if (code >= 0x40 && code <= 0x7e) return text.slice(i, j + 1);
      if (code < 0x20 || code > 0x3f) return text.slice(i, j); // Not a sequence after all: stop before it.
      j += 1;
    }
    return undefined;
  }
  if (kind === 'O') return start + 1 < text.length ? text.slice(i, start + 2) : undefined;
  if (kind === undefined) return text.slice(i, start);
  // Alt with a key: ESC then that key.
  return text.slice(i, start) + String.fromCodePoint(text.codePointAt(start) as number);
}

/** Splits what the terminal sends into keys and pastes, keeping a sequence that a read cut in two for the next read. */
export class KeySplitter {
  private pending = '';
  private paste: string | undefined;

  push(chunk: string): string[] {
    const text = this.pending + chunk;
    this.pending = '';
    const out: string[] = [];
    let i = 0;
    while (i < text.length) {
      if (this.paste !== undefined) {
        const end = text.indexOf(PASTE_END, i);
        if (end < 0) {
          // Keep a possible start of the end marker for the next read.
          let cut = text.length;
          for (let k = Math.min(PASTE_END.length - 1, text.length - i); k > 0; k -= 1) {
            if (PASTE_END.startsWith(text.slice(text.length - k))) {
              cut = text.length - k;
              break;
            }
          }
          this.paste += text.slice(i, cut);
          this.pending = text.slice(cut);
          return out;
        }
        this.paste += text.slice(i, end);
        // A pasted line break is text, not Enter.
        const pasted = this.paste.replace(/\r\n?/g, '\n');
        if (pasted !== '') out.push(pasted);
        this.paste = undefined;
        i = end + PASTE_END.length;
        continue;
      }
      if (text.startsWith(PASTE_START, i)) {
        this.paste = '';
        i += PASTE_START.length;
        continue;
      }
      const key = sequenceAt(text, i);
      if (key === undefined) {
        this.pending = text.slice(i);
        return out;
      }
      // A line feed is Enter too: keys typed before raw mode was on come with Enter turned into one by the
      // terminal, and Enter followed by a line feed is one Enter.
      out.push(key === '\n' ? '\r' : key);
      i += key.length;
      if (key === '\r' && text[i] === '\n') i += 1;
    }
    return out;
  }
}

/**
 * The stream Ink reads: keys come in through `push` (from the terminal session, or from a test), and
 * leave one per turn through `read()`. `hold()` keeps them back until `release()`: the views hold the
 * keys typed before their first screen, so that Down and Enter typed ahead act on the list once it is
 * there, not on an empty one.
 */
/**
 * Call `then` once React is idle. A key's state change is scheduled in a microtask, renders in a task of
 * React's scheduler, and the effects of that render (Ink subscribing a newly shown input box to keys) run
 * in another task. So: let the microtasks run (setImmediate), then wait for an idle-priority task of the
 * same scheduler, which runs after those, and leave its work loop (setImmediate again); twice, for a
 * render that the effects cause in turn. The input layer hands over the next key then, and the view tests
 * (test/ui) wait on it before they read a frame or press the next key.
 */
export function whenIdle(then: () => void): void {
  const afterIdle = (next: () => void) => setImmediate(() => scheduleCallback(IdlePriority, () => setImmediate(next)));
  afterIdle(() => afterIdle(then));
}

export class KeyFeed extends EventEmitter {
  /** Ink turns raw mode on only for a stream that says it is a terminal; the terminal session owns the real one. */
  readonly isTTY = true;
  private readonly splitter = new KeySplitter();
  private readonly queue: string[] = [];
  private ready: string | null = null;
  private scheduled = false;
  private held = false;
  /** The key the view is handling now (during `deliver`), for `deferCurrent`. */
  private current: string | undefined;
  private deferred = false;
  private urgent: ((key: string) => boolean) | undefined;

  constructor() {
    super();
    this.on('newListener', (event: string) => {
      if (event === 'readable') queueMicrotask(() => this.schedule());
    });
  }

  /** Text as the terminal sent it: split into keys and queued. */
  push(chunk: string | Buffer): void {
    for (const key of this.splitter.push(chunk.toString())) {
      if (!this.urgent?.(key)) this.queue.push(key);
    }
    this.schedule();
  }

  /**
   * Offer each key to `handler` as it arrives, before it is queued: a key the handler takes (returns true for) acts
   * at once, ahead of the keys held or deferred before it, and goes no further. For Esc while a load waits on the
   * rate limit, which cancels it whatever the screen is doing. Returns the way to stop.
   */
  setUrgent(handler: (key: string) => boolean): () => void {
    this.urgent = handler;
    return () => {
      if (this.urgent === handler) this.urgent = undefined;
    };
  }

  hold(): void {
    this.held = true;
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.schedule();
  }

  /**
   * Put the key the view is handling back, first in line, and keep it and every key after it until
   * `releaseDeferred()`: for a key the screen cannot act on yet (an action while another one runs), so that
   * it acts once the screen can, followed by what was typed after it (a comment's text, Enter), in order.
   */
  deferCurrent(): void {
    if (this.current === undefined) return;
    this.queue.unshift(this.current);
    this.current = undefined;
    this.deferred = true;
  }

  releaseDeferred(): void {
    if (!this.deferred) return;
    this.deferred = false;
    this.schedule();
  }

  /** Keys not given to the view yet. */
  get waiting(): number {
    return this.queue.length;
  }

  read(): string | null {
    const key = this.ready;
    this.ready = null;
    return key;
  }

  // Ink calls these on its stdin; the terminal session does the real work.
  setRawMode(): this {
    return this;
  }
  setEncoding(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }

  /** The next key goes out once React is idle (`whenIdle`). */
  private schedule(): void {
    if (this.scheduled || this.held || this.deferred || this.queue.length === 0 || this.listenerCount('readable') === 0) return;
    this.scheduled = true;
    whenIdle(() => {
      this.scheduled = false;
      this.deliver();
    });
  }

  private deliver(): void {
    if (this.held || this.deferred || this.listenerCount('readable') === 0) return;
    const key = this.queue.shift();
    if (key === undefined) return;
    this.ready = key;
    this.current = key;
    this.emit('readable');
    this.ready = null;
    this.current = undefined;
    this.schedule();
  }
}
