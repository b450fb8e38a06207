import { TextInput } from '@inkjs/ui';
import { Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeySplitter } from '../../src/ui/input.js';
import { useDeferredKeys, useFirstScreen, useKeys } from '../../src/ui/keys.js';
import { renderView, waitForFrame } from './helpers.js';

const ESC = '\u001B';

describe('KeySplitter', () => {
  it('splits a read into keys: letters one by one, escape sequences whole, Enter once for CR LF', () => {
    const s = new KeySplitter();
    expect(s.push('jjj')).toEqual(['j', 'j', 'j']);
    expect(s.push(`${ESC}[B${ESC}[A\r\nq`)).toEqual([`${ESC}[B`, `${ESC}[A`, '\r', 'q']);
    // Typed before raw mode, Enter reaches the program as a line feed.
    expect(s.push(`${ESC}[B\n`)).toEqual([`${ESC}[B`, '\r']);
    expect(s.push(`${ESC}OA${ESC}[5~${ESC}b`)).toEqual([`${ESC}OA`, `${ESC}[5~`, `${ESC}b`]);
    expect(s.push('日本👩‍💻')).toEqual(['日', '本', '👩', '\u200D', '💻']);
  });

  it('keeps a sequence cut between two reads for the next one', () => {
    const s = new KeySplitter();
    expect(s.push(`a${ESC}[`)).toEqual(['a']);
    expect(s.push('Bb')).toEqual([`${ESC}[B`, 'b']);
  });

  it('keeps a bracketed paste as one piece of text, line breaks as text, even across reads', () => {
    const s = new KeySplitter();
    expect(s.push(`c${ESC}[200~first line\r\nsecond`)).toEqual(['c']);
    expect(s.push(` line${ESC}[20`)).toEqual([]);
    expect(s.push(`1~\r`)).toEqual(['first line\nsecond line', '\r']);
  });

  it('a lone Escape at the end of a read is the Escape key', () => {
    expect(new KeySplitter().push(ESC)).toEqual([ESC]);
  });
});

function Counter() {
  const [n, setN] = useState(0);
  const [log, setLog] = useState('');
  const [box, setBox] = useState(false);
  const [sent, setSent] = useState<string[]>([]);
  useKeys((input) => {
    if (input === 'j')
      setN(n + 1); // not a functional update: the handler must see the latest state
    else if (input === 'c') setBox(true);
    else setLog(log + input);
  }, !box);
  return (
    <>
      <Text>count {n}</Text>
      <Text>log [{log}]</Text>
      <Text>sent {sent.join(' | ')}</Text>
      {box ? (
        <TextInput
          onSubmit={(value) => {
            setSent([...sent, value]);
            setBox(false);
          }}
        />
      ) : null}
    </>
  );
}

let view: ReturnType<typeof renderView> | undefined;
afterEach(() => view?.unmount());

describe('the input layer', () => {
  it('gives every key of one read to the view, each seeing the state the previous one left', async () => {
    view = renderView(<Counter />);
    await waitForFrame(view.lastFrame, 'count 0');
    view.type('jjjj');
    await waitForFrame(view.lastFrame, 'count 4');
    view.type('xyz');
    await waitForFrame(view.lastFrame, 'log [xyz]');
  });

  it('a key that opens an input box is followed by text that goes into it, and Enter sends it whole', async () => {
    view = renderView(<Counter />);
    await waitForFrame(view.lastFrame, 'count 0');
    view.type('cTyped in one go\rjj');
    await waitForFrame(view.lastFrame, (f) => f.includes('sent Typed in one go') && f.includes('count 2'));
  });

  it('a paste goes into the box as one piece, line breaks and all', async () => {
    view = renderView(<Counter />);
    await waitForFrame(view.lastFrame, 'count 0');
    view.type(`c${ESC}[200~pasted, with q and j${ESC}[201~\r`);
    await waitForFrame(view.lastFrame, 'sent pasted, with q and j');
    expect(view.lastFrame()).toContain('count 0');
  });

  it('holds keys typed before the first screen until the view says it is ready', async () => {
    function Slow() {
      const [ready, setReady] = useState(false);
      const [n, setN] = useState(0);
      useFirstScreen(ready);
      useKeys((input) => {
        if (input === 'r') setReady(true);
        if (input === 'j' && ready) setN((x) => x + 1);
      });
      return <Text>{ready ? `ready ${n}` : 'loading'}</Text>;
    }
    view = renderView(<Slow />, { hold: true });
    await waitForFrame(view.lastFrame, 'loading');
    view.type('jj');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.feed.waiting).toBe(2);
    view.feed.release();
    // Released, the keys arrive in order: they find the view not ready yet (j does nothing), then r.
    view.type('rj');
    await waitForFrame(view.lastFrame, 'ready 1');
  });

  it('a key deferred while the view is busy acts once it is not, followed by the keys typed after it', async () => {
    let finish: () => void = () => undefined;
    function Busy() {
      const [busy, setBusy] = useState(false);
      const [box, setBox] = useState(false);
      const [sent, setSent] = useState<string[]>([]);
      const [moved, setMoved] = useState(0);
      const defer = useDeferredKeys(busy);
      useKeys((input) => {
        if (input === 'j') return setMoved((m) => m + 1); // moving works while busy
        if (busy) return defer();
        if (input === 'c') setBox(true);
      }, !box);
      return (
        <>
          <Text>
            {busy ? 'busy' : 'idle'} moved {moved} sent {sent.join(' | ')}
          </Text>
          {box ? (
            <TextInput
              onSubmit={(value) => {
                setSent([...sent, value]);
                setBox(false);
                setBusy(true);
                finish = () => setBusy(false);
              }}
            />
          ) : null}
        </>
      );
    }
    view = renderView(<Busy />);
    await waitForFrame(view.lastFrame, 'idle moved 0');
    view.type('cfirst\r');
    await waitForFrame(view.lastFrame, 'busy moved 0 sent first');
    // While busy: j moves; c, its text and Enter wait, in order, behind c.
    view.type(`jc${ESC}[200~second, pasted${ESC}[201~\rj`);
    await waitForFrame(view.lastFrame, 'busy moved 1 sent first');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.lastFrame()).toContain('busy moved 1 sent first');
    expect(view.feed.waiting).toBe(4);
    finish();
    // c opened the box, the paste went into it, Enter sent it (busy again), and j moved.
    await waitForFrame(view.lastFrame, 'busy moved 2 sent first | second, pasted');
    finish();
    await waitForFrame(view.lastFrame, 'idle moved 2 sent first | second, pasted');
    expect(view.feed.waiting).toBe(0);
  });

  it('keys deferred by a screen that goes away while busy go to the screen after it', async () => {
    let leave: () => void = () => undefined;
    function Leaving() {
      const defer = useDeferredKeys(true);
      useKeys(() => defer());
      return <Text>busy screen</Text>;
    }
    function Next() {
      const [log, setLog] = useState('');
      useKeys((input) => setLog((l) => l + input));
      return <Text>next [{log}]</Text>;
    }
    function App() {
      const [left, setLeft] = useState(false);
      leave = () => setLeft(true);
      return left ? <Next /> : <Leaving />;
    }
    view = renderView(<App />);
    await waitForFrame(view.lastFrame, 'busy screen');
    view.type('abc');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.feed.waiting).toBe(3);
    leave();
    await waitForFrame(view.lastFrame, 'next [abc]');
  });
});
