import { useApp, type Key } from 'ink';
import { scrollKeyList } from '../components/KeyList.js';
import { MOVE_LETTERS, unknownKeySign, useKeys } from '../keys.js';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { OperationClient } from '../../api/request.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { Organization } from '../../api/schemas/organization.js';
import type { Space } from '../../api/schemas/space.js';
import { useRequest, type Request } from '../hooks.js';

/** An organization or a collection, as far as the breadcrumb needs it. */
export interface Named {
  id: string;
  title: string;
}

/**
 * Where a space or a collection is: its organization, then the collections that hold it, outermost first
 * (`Acme Docs › Product › Guides`). The breadcrumb shows it; it is known even for screens never visited.
 */
export type Trail = readonly Named[];

export type Screen =
  | { kind: 'orgs' }
  | { kind: 'collections'; org: Named }
  /** `within`: the collections that hold this one, outermost first. */
  | { kind: 'spaces'; org: Named; collection: Named; within?: readonly Named[] }
  | { kind: 'tree'; space: Space; trail?: Trail }
  | { kind: 'page'; space: Space; pageId: string; trail?: Trail }
  | { kind: 'search'; space: Space; trail?: Trail }
  | { kind: 'org-search'; org: Named }
  | { kind: 'change-requests'; space: Space; trail?: Trail };

/** Which content of a space is read: its primary content, or a change request's. */
export interface ContentChoice {
  spaceId: string;
  changeRequest?: ChangeRequest;
}

interface Browser {
  client: OperationClient;
  /** The organizations as the command read them while the view loaded, for the first screen only (then undefined). */
  takeOrganizations: () => Organization[] | undefined;
  stack: readonly Screen[];
  push: (screen: Screen) => void;
  /** Back one screen; quits from the first one. */
  back: () => void;
  helpOpen: boolean;
  /** Opens the `?` help at its first row, or closes it. */
  setHelpOpen: (open: boolean) => void;
  /** The first row of the `?` help in view (it scrolls when it is taller than the body). */
  helpTop: number;
  setHelpTop: (top: number | ((prev: number) => number)) => void;
  /** The height the help has and the rows it holds, as Frame last drew it, for scrolling it. */
  helpSize: { current: { height: number; count: number } };
  /** Screen state kept while the user looks at another screen (selection, expanded pages). */
  memory: Map<string, unknown>;
  /** State kept for each screen on the stack, dropped with it: a screen pushed anew starts afresh. */
  screenMemory: WeakMap<Screen, Map<string, unknown>>;
  /** The rows of the current screen's body as laid out (Frame measures it after each draw). */
  bodyRows: { screen: Screen; rows: number } | undefined;
  setBodyRows: (measured: { screen: Screen; rows: number }) => void;
  changeRequestOf: (spaceId: string) => ChangeRequest | undefined;
  chooseContent: (choice: ContentChoice) => void;
  /** The sign for the last key when it did nothing (unknownKeySign), shown until the next key. */
  sign: string | undefined;
  setSign: (sign: string | undefined) => void;
}

const BrowserContext = createContext<Browser | undefined>(undefined);

export function useBrowser(): Browser {
  const browser = useContext(BrowserContext);
  if (!browser) throw new Error('useBrowser outside of <BrowserProvider>');
  return browser;
}

export function BrowserProvider({
  client,
  initial,
  content,
  organizations,
  children,
}: {
  client: OperationClient;
  initial: readonly Screen[];
  content?: ContentChoice;
  organizations?: Organization[] | undefined;
  children: ReactNode;
}) {
  const { exit } = useApp();
  const [stack, setStack] = useState<readonly Screen[]>(initial);
  const [helpOpen, setHelpOpenState] = useState(false);
  const [helpTop, setHelpTop] = useState(0);
  const helpSize = useRef({ height: 1, count: 0 });
  const setHelpOpen = useCallback((open: boolean) => {
    setHelpOpenState(open);
    setHelpTop(0);
  }, []);
  const [choice, setChoice] = useState<ContentChoice | undefined>(content);
  const [sign, setSign] = useState<string>();
  const memory = useRef(new Map<string, unknown>()).current;
  const prefetched = useRef(organizations);
  const takeOrganizations = useCallback(() => {
    const taken = prefetched.current;
    prefetched.current = undefined;
    return taken;
  }, []);
  const screenMemory = useRef(new WeakMap<Screen, Map<string, unknown>>()).current;
  const [bodyRows, setBodyRowsState] = useState<{ screen: Screen; rows: number }>();
  const setBodyRows = useCallback(
    (measured: { screen: Screen; rows: number }) =>
      setBodyRowsState((prev) => (prev?.screen === measured.screen && prev.rows === measured.rows ? prev : measured)),
    [],
  );
  const push = useCallback((screen: Screen) => setStack((s) => [...s, screen]), []);
  const back = useCallback(() => setStack((s) => s.slice(0, -1)), []);
  useEffect(() => {
    if (stack.length === 0) exit();
  }, [stack, exit]);
  const value = useMemo<Browser>(
    () => ({
      client,
      takeOrganizations,
      stack,
      push,
      back,
      helpOpen,
      setHelpOpen,
      helpTop,
      setHelpTop,
      helpSize,
      memory,
      screenMemory,
      bodyRows,
      setBodyRows,
      changeRequestOf: (spaceId) => (choice?.spaceId === spaceId ? choice.changeRequest : undefined),
      chooseContent: setChoice,
      sign,
      setSign,
    }),
    [
      client,
      takeOrganizations,
      stack,
      push,
      back,
      helpOpen,
      setHelpOpen,
      helpTop,
      memory,
      screenMemory,
      bodyRows,
      setBodyRows,
      choice,
      sign,
    ],
  );
  return <BrowserContext.Provider value={value}>{children}</BrowserContext.Provider>;
}

/** A piece of screen state that survives going to another screen and coming back. */
export function useRemembered<T>(key: string, initial: T): [T, (value: T | ((prev: T) => T)) => void] {
  const { memory } = useBrowser();
  const [value, setValue] = useState<T>(() => (memory.has(key) ? (memory.get(key) as T) : initial));
  useEffect(() => {
    memory.set(key, value);
  }, [memory, key, value]);
  return [value, setValue];
}

/** The screen being drawn (the top of the stack), for state that belongs to it alone. */
export const ScreenContext = createContext<Screen | undefined>(undefined);

export function useScreen(): Screen {
  const screen = useContext(ScreenContext);
  if (!screen) throw new Error('useScreen outside of a screen');
  return screen;
}

/** What this screen keeps while another screen is read on top of it; gone once the screen is left. */
function useScreenMemory(): Map<string, unknown> {
  const { screenMemory } = useBrowser();
  const screen = useScreen();
  let memory = screenMemory.get(screen);
  if (!memory) {
    memory = new Map();
    screenMemory.set(screen, memory);
  }
  return memory;
}

/**
 * A piece of state of this screen that survives reading another screen on top of it and coming
 * back, and is gone once the screen is left: the next screen of the same kind starts afresh.
 */
export function useScreenState<T>(key: string, initial: T): [T, (value: T | ((prev: T) => T)) => void] {
  const kept = useScreenMemory();
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  useEffect(() => {
    kept.set(key, value);
  }, [kept, key, value]);
  return [value, setValue];
}

/**
 * A request of this screen whose answer survives reading another screen on top and coming back, as in
 * tig: back shows the list as it was, at once, instead of loading it again, so a key typed right after
 * `q` meets the list rather than a loading screen. `key` names what was asked (with whatever the answer
 * depends on, such as the content read), so a different question starts with a load. `initial` is data
 * the caller already has, used when the screen has none kept.
 */
export function useScreenRequest<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  initial?: T,
): Request<T> {
  const memory = useScreenMemory();
  const name = `request:${key}`;
  const request = useRequest(load, deps, memory.has(name) ? (memory.get(name) as T) : initial);
  useEffect(() => {
    if (request.state === 'ready') memory.set(name, request.data);
  }, [memory, name, request.state, request.data]);
  return request;
}

/**
 * The keys of a screen. `?` opens the key help (↑↓, space and b scroll it, any other key closes it) and `q`/Esc go back, except
 * while the screen has a text input focused (`typing`): then everything goes to `handler`, which
 * lets the letters through to the input. `known` is the printable keys the screen acts on (besides `?`, `q` and
 * the moves, MOVE_LETTERS): any other one is answered in the status line, until the next key (unknownKeySign).
 */
export function useScreenKeys(handler: (input: string, key: Key) => void, options: { typing?: boolean; known?: string } = {}): void {
  const { helpOpen, setHelpOpen, helpTop, setHelpTop, helpSize, back, sign, setSign } = useBrowser();
  useKeys((input: string, key: Key) => {
    // The sign answers one key: the next one takes it away, whatever it does.
    const next = helpOpen || options.typing ? undefined : unknownKeySign(input, key, `?q${MOVE_LETTERS}${options.known ?? ''}`);
    if (next !== sign) setSign(next);
    if (helpOpen) {
      // ↑↓, j k, space and b scroll the help (as in cr review); any other key closes it.
      const { height, count } = helpSize.current;
      if (scrollKeyList(helpTop, input, key, height, count) === undefined) return setHelpOpen(false);
      return setHelpTop((top) => scrollKeyList(top, input, key, height, count) ?? top);
    }
    if (!options.typing) {
      if (input === '?') return setHelpOpen(true);
      if (input === 'q' || key.escape) return back();
    }
    handler(input, key);
  });
}
