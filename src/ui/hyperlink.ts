/**
 * OSC 8 hyperlinks: a URL on the screen that the terminal opens on a click.
 *
 * Whether the terminal shows them cannot be asked of it, and a terminal that does not know the sequence may
 * print it as text, so links are sent only where they are known to work:
 * - never when the output is not a terminal (a pipe, a file, a test's stream);
 * - `FORCE_HYPERLINK` decides when it is set (`0` or empty: no links; anything else: links), the variable
 *   other command-line tools read for the same purpose;
 * - never inside tmux or GNU screen (`TMUX`, `STY`), which drop or garble the sequence unless configured;
 * - else only on a terminal that says who it is and is known to show them: iTerm2, WezTerm, VS Code, Ghostty,
 *   Windows Terminal (`WT_SESSION`), kitty, Konsole, foot, Alacritty, DomTerm, and VTE-based terminals
 *   (GNOME Terminal, Tilix…) from VTE 0.50.
 */
export function supportsHyperlinks(stream: { isTTY?: boolean } | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!stream?.isTTY) return false;
  const forced = env.FORCE_HYPERLINK;
  if (forced !== undefined) return forced !== '' && forced !== '0';
  if (env.TMUX || env.STY) return false;
  const program = env.TERM_PROGRAM ?? '';
  if (['iTerm.app', 'WezTerm', 'vscode', 'ghostty'].includes(program)) return true;
  if (env.WT_SESSION || env.KITTY_WINDOW_ID || env.KONSOLE_VERSION || env.ALACRITTY_WINDOW_ID || env.DOMTERM) return true;
  const term = env.TERM ?? '';
  if (term === 'xterm-kitty' || term.startsWith('foot') || term === 'alacritty') return true;
  return Number(env.VTE_VERSION ?? 0) >= 5000;
}

const OSC = '\u001B]8;;';
const ST = '\u001B\\';

/** `text` as a link to `url`. */
export const hyperlink = (text: string, url: string): string => `${OSC}${url}${ST}${text}${OSC}${ST}`;

const URL_PATTERN = /https?:\/\/[^\s]+/g;

/**
 * The lines `wrapped` (the text `original` wrapped: spaces only collapsed or turned into line breaks, nothing
 * else changed) with every piece of a URL of `original` made a link to the whole URL, so that a URL broken
 * over two lines opens whole from either.
 */
export function linkLines(original: string, wrapped: readonly string[]): string[] {
  const ranges = Array.from(original.matchAll(URL_PATTERN), (m) => ({ start: m.index, end: m.index + m[0].length, url: m[0] }));
  if (ranges.length === 0) return [...wrapped];
  const urlAt = (pos: number) => ranges.find((r) => pos >= r.start && pos < r.end)?.url;
  let pos = 0;
  return wrapped.map((line) => {
    let out = '';
    let piece = '';
    let pieceUrl: string | undefined;
    const close = () => {
      if (piece) out += pieceUrl ? hyperlink(piece, pieceUrl) : piece;
      piece = '';
    };
    for (const ch of line) {
      if (ch === ' ') {
        while (original[pos] === ' ') pos += 1;
        close();
        pieceUrl = undefined;
        out += ch;
        continue;
      }
      while (original[pos] === ' ' || original[pos] === '\n') pos += 1;
      const url = original.startsWith(ch, pos) ? urlAt(pos) : undefined;
      if (url !== pieceUrl) {
        close();
        pieceUrl = url;
      }
      piece += ch;
      pos += ch.length;
    }
    close();
    return out;
  });
}
