import { createContext, useContext, useEffect } from 'react';

/**
 * Text a view leaves on the shell's screen when it quits, after the terminal is given back: what is
 * worth copying from it (the commands of a conflict's way out, whole, unwrapped), since the view's own
 * screen goes away with the alternate screen. The last text set wins; undefined leaves nothing.
 */
export class Parting {
  text: string | undefined;
  /**
   * What to say if the view is interrupted now (Ctrl-C, a signal): set while an action that is not safe to repeat
   * is in flight, since its request may have been applied though its answer never came.
   */
  interrupted: string | undefined;
  /** The text typed in an open text box (a comment, a reply, a subject): kept on the shell's screen if Ctrl-C ends the view. */
  draft: string | undefined;

  /** What the shell's screen gets when the view is interrupted: the note on the action in flight, the draft, then the parting text. */
  onInterrupt(): string | undefined {
    const text = [this.interrupted, this.draft, this.text].filter((t) => t !== undefined && t !== '').join('\n');
    return text === '' ? undefined : text;
  }
}

export const PartingContext = createContext<Parting | undefined>(undefined);

/** Leave `text` on the shell's screen when the view quits (undefined: nothing). */
export function useParting(text: string | undefined): void {
  const parting = useContext(PartingContext);
  useEffect(() => {
    if (parting) parting.text = text;
  }, [parting, text]);
}

/** Sets (or, with undefined, clears) what the view leaves on the shell's screen if it is interrupted now. */
export function useInterruptNote(): (text: string | undefined) => void {
  const parting = useContext(PartingContext);
  return (text) => {
    if (parting) parting.interrupted = text;
  };
}

/**
 * While a text box is open, what it holds (`what` names it: `Your comment on installation/windows`): if Ctrl-C or a
 * signal ends the view, the text is left on the shell's screen, whole, instead of being lost. Cleared when the box closes.
 */
export function useDraftNote(what: string | undefined, text: string): void {
  const parting = useContext(PartingContext);
  const note = what !== undefined && text.trim() !== '' ? `${what} was not sent; its text:\n${text}` : undefined;
  useEffect(() => {
    if (!parting) return undefined;
    parting.draft = note;
    return () => {
      if (parting.draft === note) parting.draft = undefined;
    };
  }, [parting, note]);
}
