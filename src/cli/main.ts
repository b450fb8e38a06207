/**
 * The CLI's entry as bin/run.js loads it from the bundle (dist/bin/main.mjs): oclif's `execute` from the
 * same bundled copy of @oclif/core that the commands, the help class and the hooks use, so there is
 * one Config, one cache and one set of error classes in the process.
 */
export { execute } from '@oclif/core';
// The build (bin/prepare-help.js) loads the same Config to write the help text bin/run.js prints itself.
export { Config } from '@oclif/core';
