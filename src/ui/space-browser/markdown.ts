import type { MarkedExtension, Tokens } from 'marked';

export type RenderMarkdown = (markdown: string, width: number) => string[];

let loading: Promise<RenderMarkdown> | undefined;

/**
 * The markdown-to-terminal renderer (marked + marked-terminal), loaded on first use: only the
 * page view needs it, and its syntax highlighter is the heaviest module of the browser.
 */
export function loadMarkdownRenderer(): Promise<RenderMarkdown> {
  loading ??= (async () => {
    const [{ Marked }, { markedTerminal }] = await Promise.all([import('marked'), import('marked-terminal')]);
    const byWidth = new Map<number, (markdown: string) => string>();
    // Links as `text (url)`: marked-terminal would print terminal hyperlinks where it guesses they
    // are supported, and their escape sequences confuse the width Ink measures for each line.
    const plainLinks: MarkedExtension<string, string> = {
      renderer: {
        link(this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } }, token: Tokens.Link) {
          const text = this.parser.parseInline(token.tokens);
          return text && text !== token.href ? `${text} (${token.href})` : token.href;
        },
      },
    };
    return (markdown: string, width: number): string[] => {
      let parse = byWidth.get(width);
      if (!parse) {
        const marked = new Marked<string, string>(markedTerminal({ width, reflowText: true, tab: 2 }), plainLinks);
        parse = (md: string) => marked.parse(md, { async: false });
        byWidth.set(width, parse);
      }
      return parse(markdown).replace(/\s+$/, '').split('\n');
    };
  })();
  return loading;
}
