import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../src/api/errors.js';
import { CancelledError, exitCodeOf, UsageError } from '../../src/cli/errors.js';
import { ask, confirm } from '../../src/cli/prompt.js';

const question = { question: 'Merge change request 42?', action: 'merge change request 42' };

describe('confirm', () => {
  it('does not ask with --yes, on a terminal or not', async () => {
    let asked = 0;
    const askFn = async () => {
      asked++;
      return 'n';
    };
    await confirm({ ...question, yes: true, interactive: true, ask: askFn });
    await confirm({ ...question, yes: true, interactive: false, ask: askFn });
    expect(asked).toBe(0);
  });

  it('refuses without a terminal and without --yes, with exit 2 and the reason', async () => {
    const err = await confirm({ ...question, yes: false, interactive: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeOf(err)).toBe(2);
    expect((err as Error).message).toBe(
      'refusing to merge change request 42 without confirmation: no terminal to ask on. Pass --yes to confirm.',
    );
  });

  it('goes ahead on y/yes and cancels on anything else', async () => {
    for (const answer of ['y', 'YES', ' yes ']) {
      await expect(confirm({ ...question, yes: false, interactive: true, ask: async () => answer })).resolves.toBeUndefined();
    }
    for (const answer of ['', 'n', 'no', 'sure']) {
      const err = await confirm({ ...question, yes: false, interactive: true, ask: async () => answer }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CancelledError);
      expect((err as Error).message).toBe('Cancelled: did not merge change request 42.');
    }
  });

  it('shows the question with a [y/N] default', async () => {
    let shown = '';
    await confirm({ ...question, yes: false, interactive: true, ask: async (q) => ((shown = q), 'y') });
    expect(shown).toBe('Merge change request 42? [y/N] ');
  });
  it('reads a lazy question only when it really asks', async () => {
    let reads = 0;
    const lazy = {
      question: async () => (reads++, 'Merge change request #42 "Windows" into space "Guides"?'),
      action: 'merge change request 42',
    };
    await confirm({ ...lazy, yes: true, interactive: true });
    await confirm({ ...lazy, yes: false, interactive: false }).catch(() => undefined);
    expect(reads).toBe(0);
    let shown = '';
    await confirm({ ...lazy, yes: false, interactive: true, ask: async (q) => ((shown = q), 'y') });
    expect([reads, shown]).toEqual([1, 'Merge change request #42 "Windows" into space "Guides"? [y/N] ']);
  });
});

describe('ask', () => {
  const terminal = () => {
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
    const output = Object.assign(new PassThrough(), { isTTY: true });
    let written = '';
    output.on('data', (c: Buffer) => (written += c.toString()));
    return { input, output, written: () => written };
  };

  it('does not echo a secret while it is typed', async () => {
    const t = terminal();
    const answer = ask('Token: ', { secret: true, io: t });
    t.input.write('tok_very_secret_value\r');
    expect(await answer).toBe('tok_very_secret_value');
    expect(t.written()).toContain('Token: ');
    expect(t.written()).not.toContain('tok_very_secret_value');
  });

  it('echoes an ordinary answer', async () => {
    const t = terminal();
    const answer = ask('Continue? ', { io: t });
    t.input.write('yes\r');
    expect(await answer).toBe('yes');
    expect(t.written()).toContain('yes');
  });

  it('rejects with AbortedError when the input closes before an answer', async () => {
    const t = terminal();
    const answer = ask('Token: ', { secret: true, io: t });
    t.input.end();
    await expect(answer).rejects.toBeInstanceOf(AbortedError);
  });
});
