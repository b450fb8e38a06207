// marked-terminal ships no types, and @types/marked-terminal pins an old marked (<12).
declare module 'marked-terminal' {
  import type { MarkedExtension } from 'marked';

  export interface TerminalRendererOptions {
    width?: number;
    reflowText?: boolean;
    tab?: number | string;
    showSectionPrefix?: boolean;
    emoji?: boolean;
    unescape?: boolean;
  }

  export function markedTerminal(options?: TerminalRendererOptions, highlightOptions?: Record<string, unknown>): MarkedExtension;
}
