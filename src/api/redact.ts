/**
 * Removes secrets from any text before it is shown or logged: bearer tokens, credentials inside
 * URLs (`https://user:secret@host` → `https://***@host`), secret-looking query and JSON values
 * (`?access_token=…`, `"password": "…"`), and the secrets a `Redactor` was given (a client's token).
 *
 * Each client has its own Redactor, holding its own token and nothing else, so a program that makes many
 * clients keeps no list of their tokens. The command line has one more (`registerSecret`, `redact`): what one
 * run of a command must never print (the active token, a credential given in a flag), whichever client or
 * piece of output it goes through.
 */
const MASK = '***';

export class Redactor {
  private readonly secrets = new Set<string>();
  /** The secrets longest first, so that a secret containing another is masked whole; undefined when stale. */
  private ordered: string[] | undefined = [];

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const secret of secrets) this.add(secret);
  }

  /** Mask `secret` wherever it appears, raw or URL-encoded. */
  add(secret: string | undefined): void {
    // Very short values would mask ordinary words and numbers everywhere.
    if (!secret || secret.length < 4) return;
    this.secrets.add(secret);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) this.secrets.add(encoded);
    this.ordered = undefined;
  }

  clear(): void {
    this.secrets.clear();
    this.ordered = [];
  }

  /** How many values are masked (a secret and its URL-encoded form count as two). */
  get size(): number {
    return this.secrets.size;
  }

  redact(text: string): string {
    this.ordered ??= [...this.secrets].sort((a, b) => b.length - a.length);
    let out = text;
    for (const secret of this.ordered) out = out.split(secret).join(MASK);
    return redactPatterns(out);
  }
}

/** The command line's secrets: what one run of a command must never print. */
const commandLine = new Redactor();

/** Remember a secret of the command line (the active token, a credential in a flag), raw and URL-encoded. */
export function registerSecret(secret: string | undefined): void {
  commandLine.add(secret);
}

/** Forget the command line's secrets (a process that switches profiles; tests). */
export function clearSecrets(): void {
  commandLine.clear();
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

/** `text` without the command line's secrets nor anything that looks like a credential. */
export function redact(text: string): string {
  return commandLine.redact(text);
}

/** `text` without anything that looks like a credential (no list of secrets). */
export function redactPatterns(text: string): string {
  let out = text;
  for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement);
  return out;
}

/** Show only the last four characters of a token: `****abcd`. */
export function maskToken(token: string): string {
  return token.length <= 8 ? '****' : `****${token.slice(-4)}`;
}
