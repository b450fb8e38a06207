import net from 'node:net';
import { Worker } from 'node:worker_threads';

/**
 * A loopback port whose connections never complete: a listener with a backlog of 1 in a worker
 * thread whose event loop is parked in Atomics.wait, so nothing is ever accepted. Once the accept
 * queue is full, the kernel drops further SYNs and a client's connect hangs until its own timeout
 * — a deterministic connect timeout without an unroutable address.
 */
export interface StalledListener {
  port: number;
  close: () => Promise<void>;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const server = net.createServer();
server.listen({ host: '127.0.0.1', port: 0, backlog: 1 }, () => {
  parentPort.postMessage(server.address().port);
  setImmediate(() => {
    Atomics.wait(new Int32Array(workerData), 0, 0);
    server.close();
    process.exit(0);
  });
});
`;

export async function startStalledListener(): Promise<StalledListener> {
  const flag = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER, { eval: true, workerData: flag });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (p: number) => resolve(p));
    worker.once('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
  // Fill the accept queue until a connect stops completing.
  const fillers: net.Socket[] = [];
  for (let i = 0; i < 64; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    fillers.push(socket);
    const connected = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 200);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!connected) break;
  }
  return {
    port,
    close: async () => {
      for (const socket of fillers) socket.destroy();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      Atomics.store(new Int32Array(flag), 0, 1);
      Atomics.notify(new Int32Array(flag), 0);
      await exited;
    },
  };
}
