/**
 * Whether a host name or address is this machine only: `localhost` and its subdomains
 * (RFC 6761), 127.0.0.0/8 and ::1, with or without the brackets of a URL's IPv6 host.
 * The one rule for the CLI (a refused connection to the emulator), `emulator start --host`
 * and the emulator's imports and fetches; it imports nothing so that each may use it.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Whether a URL points at a loopback host; false for text that is not a URL. */
export function isLoopbackUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
