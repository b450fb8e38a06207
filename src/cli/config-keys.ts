import { Args } from '@oclif/core';
import { UsageError } from './errors.js';
import { CONFIG_KEY_HELP, CONFIG_KEYS, isConfigKey, type ConfigKey } from './profiles.js';

const keyList = CONFIG_KEYS.join(', ');

export const configKeyArg = () => Args.string({ description: `Setting: ${keyList}`, required: true });

/** The key, or exit 2 listing the keys there are. */
export function configKey(key: string): ConfigKey {
  if (isConfigKey(key)) return key;
  throw new UsageError(`unknown key "${key}". Keys: ${CONFIG_KEYS.map((k) => `${k} (${CONFIG_KEY_HELP[k]})`).join('; ')}`);
}
