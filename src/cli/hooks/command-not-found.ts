import type { Hook } from '@oclif/core';
import { ExitCode } from '../../api/errors.js';
import { colorAllowed } from '../output.js';
import { unknownCommandMessage } from '../suggest.js';

/**
 * `docs cr lst`: one line on stderr naming the likely command, exit 2 (bad usage), instead of
 * oclif's "command cr:lst not found".
 */
const hook: Hook<'command_not_found'> = async function (options) {
  const color = colorAllowed({ env: process.env, noColorFlag: options.argv?.includes('--no-color') }) && process.stderr.isTTY === true;
  const label = color ? '\u001B[31mError:\u001B[39m' : 'Error:';
  process.stderr.write(`${label} ${unknownCommandMessage(options.config, options.id)}\n`);
  process.exitCode = ExitCode.usage;
};

export default hook;
