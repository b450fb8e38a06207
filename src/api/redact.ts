/**
 * Removes secrets from any text before it is shown or logged: bearer tokens, credentials inside
 * URLs (`https://user:secret@host` → `https://***@host`), and any token registered at run time.
 */
const registered = new Set<string>();

/** Remember a secret (the active token) so that it is masked wherever it appears. */
export function registerSecret(secret: string | undefined): void {
  if (secret && secret.length >= 4) registered.add(secret);
}

export function redact(text: string): string {
  let out = text
    .replace(/\b(Bearer\s+)[^\s"',]+/gi, '$1***')
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@"']+@/gi, '$1***@')
    .replace(/("?(?:token|password|secret|authorization)"?\s*[:=]\s*"?)[^"\s,&]+/gi, '$1***');
  for (const secret of registered) out = out.split(secret).join('***');
  return out;
}

/** Show only the last four characters of a token: `****abcd`. */
export function maskToken(token: string): string {
  return token.length <= 8 ? '****' : `****${token.slice(-4)}`;
}
