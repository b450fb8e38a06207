import { Args, Flags } from '@oclif/core';
import type { OpenAPISpecContent, OpenAPISpecSourceInput } from '../../api/schemas/openapi.js';
import { isOpenAPISlug, OPENAPI_SLUG } from '../../api/schemas/openapi.js';
import { UsageError } from '../errors.js';
import { readTextArg } from '../input.js';

/** Arguments and flags of `docs openapi …`, and what the commands make of them: request bodies, checked values. */

export const slugArg = () => Args.string({ description: 'Slug of the specification (from `docs openapi list`)', required: true });

export const versionArg = () =>
  Args.string({ description: 'Version id (from `docs openapi versions list`), or latest', default: 'latest' });

/** A slug as the contract allows it, checked before sending (the path is not validated by the client). */
export function checkSlug(slug: string, label = 'SLUG'): string {
  if (!isOpenAPISlug(slug)) {
    throw new UsageError(
      `${label} "${slug}" is not a valid slug: ${OPENAPI_SLUG.min}-${OPENAPI_SLUG.max} lowercase letters and digits, words separated by single dashes (e.g. petstore-v2)`,
    );
  }
  return slug;
}

export const sourceFlags = () => ({
  url: Flags.string({ description: 'URL the service fetches the specification from', helpValue: '<url>', exclusive: ['file'] }),
  file: Flags.string({
    description: 'Send the specification (JSON or YAML) from a file, or - for stdin',
    helpValue: '<file|->',
    exclusive: ['url'],
  }),
});

/** `{url}` or `{text}` from --url / --file; exactly one is needed. */
export async function sourceFromFlags(
  flags: { url?: string; file?: string },
  stdin: NodeJS.ReadableStream,
): Promise<OpenAPISpecSourceInput> {
  if (flags.url !== undefined) return { url: flags.url };
  if (flags.file === undefined) throw new UsageError('no source given: pass --url <url> or --file <file|->');
  const text = await readTextArg('file', flags.file, stdin);
  if (text.trim() === '') throw new UsageError(`--file ${flags.file} is empty`);
  return { text };
}

/**
 * The document of a version's content: `filesystem` maps file names to parsed documents. With one
 * file it is that one; otherwise `name`, else the file named like the version's URL. `undefined`
 * when the answer holds no file at all: a valid answer, for which the command prints the URL.
 */
export function specDocument(content: OpenAPISpecContent, name?: string): unknown {
  const files = content.filesystem as Record<string, unknown>;
  const names = Object.keys(files);
  if (name !== undefined) {
    if (!(name in files)) throw new UsageError(`--file-name ${name}: no such file in this version (files: ${names.join(', ') || 'none'})`);
    return files[name];
  }
  if (names.length === 1 && names[0] !== undefined) return files[names[0]];
  const fromUrl = safeBasename(content.url);
  if (fromUrl && fromUrl in files) return files[fromUrl];
  if (names.length === 0) return undefined;
  throw new UsageError(`this version has several files: pick one with --file-name (${names.join(', ')})`);
}

function safeBasename(url: string): string | undefined {
  try {
    return new URL(url).pathname.split('/').pop() || undefined;
  } catch {
    return undefined;
  }
}
