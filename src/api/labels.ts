/**
 * How things are named in words. No schema imports: confirmations and messages of commands that
 * load no zod (config, --version) name things through it.
 */

/** `#3 "Windows"`, or `#3` for a change request without a subject: how a change request is named in words. */
export const changeRequestLabel = (cr: { number: number; subject?: string | undefined }): string =>
  cr.subject ? `#${cr.number} "${cr.subject}"` : `#${cr.number}`;
