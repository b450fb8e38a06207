import { redact } from '../api/redact.js';

/**
 * Where `--debug` trace lines go: stderr, one line each, redacted once more here so that whatever
 * the transport hands over (headers, bodies, URLs) never shows the token or URL credentials.
 */
export function debugSink(stream: { write(chunk: string): unknown } = process.stderr): (line: string) => void {
  return (line) => {
    stream.write(`${redact(line).replace(/\n/g, '\n  ')}\n`);
  };
}
