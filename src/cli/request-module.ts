import { config } from 'zod';

// A command parses one or two answers, and zod's JIT compiles a parser (new Function) for each object schema on
// its first parse: that costs more than it saves here (3.4 ms → 1.5 ms for one space). Set where a command loads
// the request code (base-command.ts), through a static import of what it uses: a dynamic import('zod') would need
// zod's whole namespace, and the bundle would keep all of zod for it.
config({ jitless: true });

export * from '../api/request.js';
