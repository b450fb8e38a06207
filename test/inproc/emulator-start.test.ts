import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { docs } from '../helpers/inproc.js';

describe('docs emulator start, in this process', () => {
  it('a start that fails (port in use) says so and leaves no Ctrl-C or SIGTERM listener behind', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    try {
      const res = await docs(['emulator', 'start', '--port', String(port), '--seed', 'none']);
      expect(res.code).not.toBe(0);
      expect(res.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
    } finally {
      busy.close();
    }
  });
});
