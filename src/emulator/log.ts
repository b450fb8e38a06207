import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * The request log (`--log file.jsonl`): one JSON line per request. It never holds the bearer token
 * or request bodies, and query values whose name looks secret (shareKey, token, ...) are masked.
 */
export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  operationId?: string;
  fault?: string;
}

const SECRET_QUERY_KEY = /key|token|secret|password|signature|credential/i;

/** `/v1/x?shareKey=abc&limit=5` → `/v1/x?shareKey=***&limit=5`. */
export function loggablePath(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const safe = new URLSearchParams();
  for (const [key, value] of params) safe.append(key, SECRET_QUERY_KEY.test(key) ? '***' : value);
  const text = safe.toString().replace(/%2A%2A%2A/g, '***');
  return text === '' ? url.slice(0, at) : `${url.slice(0, at)}?${text}`;
}

export class RequestLog {
  private readonly stream: WriteStream;

  constructor(path: string) {
    this.stream = createWriteStream(path, { flags: 'a' });
    // A log that cannot be written must not take the emulator down.
    this.stream.on('error', (err) => process.stderr.write(`emulator: request log ${path}: ${err.message}\n`));
  }

  write(entry: RequestLogEntry): void {
    this.stream.write(`${JSON.stringify(entry)}\n`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.stream.closed || this.stream.destroyed) return resolve();
      this.stream.end(() => resolve());
    });
  }
}
