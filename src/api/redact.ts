/**
 * Removes secrets from any text before it is shown or logged: bearer tokens, credentials inside
 * URLs (`https://user:secret@host` → `https://***@host`), secret-looking query and JSON values
 * (`?access_token=…`, `"password": "…"`), and every secret registered at run time (the active token).
 */
const registered = new Set<string>();

const MASK = '***';

/** Remember a secret (the active token) so that it is masked wherever it appears, raw or URL-encoded. */
export function registerSecret(secret: string | undefined): void {
  // Very short values would mask ordinary words and numbers everywhere.
  if (!secret || secret.length < 4) return;
  registered.add(secret);
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) registered.add(encoded);
}

/** Forget the registered secrets (a process that switches profiles; tests). */
export function clearSecrets(): void {
  registered.clear();
}

// Names whose values are credentials, as query keys, JSON keys or header names:
// token, access_token, refresh_token, password, client_secret, api_key, x-api-key, signature, authorization…
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*?(?:token|secret|password|passwd|api[_-]?key|signature|authorization|credentials?)`;

const patterns: Array<[RegExp, string]> = [
  // Authorization schemes carrying the credential itself. "Bearer x" is masked anywhere; "Basic" and
  // "Token" are ordinary words in prose ("the token (401)"), so only after an Authorization name.
  [/\b(Bearer)(\s+)[^\s"',;]+/gi, `$1$2${MASK}`],
  [/(authorization["']?\s*[:=]\s*["']?(?:Basic|Token)\s+)[^\s"',;]+/gi, `$1${MASK}`],
  // userinfo in any URL: scheme://user:password@host, scheme://token@host
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi, `$1${MASK}@`],
  // key=value in query strings and forms (`?token=…&`, `access_token=…`); a colon before a space
  // ends the value (`…?token=x: timed out`)
  [new RegExp(String.raw`(\b${SECRET_NAME}=)(?:[^&#\s"'<>:]|:(?=[^\s]))+`, 'gi'), `$1${MASK}`],
  // "key": "value" in JSON, key: value in headers (a JSON string value is masked whole, spaces included)
  [new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*)"(?:[^"\\]|\\.)*"`, 'gi'), `$1"${MASK}"`],
  [new RegExp(String.raw`(^|[\s{,;])(${SECRET_NAME}\s*:\s*)(?!["\s]|\*\*\*|(?:Bearer|Basic|Token)\s)[^\s,;}]+`, 'gim'), `$1$2${MASK}`],
];

export function redact(text: string): string {
  let out = text;
  // Longest first, so that a secret containing another registered one is masked whole.
  const secrets = [...registered].sort((a, b) => b.length - a.length);
  for (const secret of secrets) out = out.split(secret).join(MASK);
  for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement);
  return out;
}

/** Show only the last four characters of a token: `****abcd`. */
export function maskToken(token: string): string {
  return token.length <= 8 ? '****' : `****${token.slice(-4)}`;
}
