import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/api/errors.js';
import { EXIT_CODES } from '../../src/cli/help.js';

describe('root help', () => {
  it('documents every exit code the CLI uses, once', () => {
    const documented = EXIT_CODES.map(([code]) => code);
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented.sort((a, b) => a - b)).toEqual(Object.values(ExitCode).sort((a, b) => a - b));
  });
});
