import { createContext, useContext, useEffect } from 'react';

/**
 * Text a view leaves on the shell's screen when it quits, after the terminal is given back: what is
 * worth copying from it (the commands of a conflict's way out, whole, unwrapped), since the view's own
 * screen goes away with the alternate screen. The last text set wins; undefined leaves nothing.
 */
export class Parting {
  text: string | undefined;
}

export const PartingContext = createContext<Parting | undefined>(undefined);

/** Leave `text` on the shell's screen when the view quits (undefined: nothing). */
export function useParting(text: string | undefined): void {
  const parting = useContext(PartingContext);
  useEffect(() => {
    if (parting) parting.text = text;
  }, [parting, text]);
}
