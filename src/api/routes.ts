import type { Operation } from './operation.js';

/**
 * From a method and a path to the operation of the table, with its path parameters: the emulator's
 * router and `docs api` (which repeats an idempotent call after a dropped connection) match the same
 * way. It needs only the operations, so it serves a client as well as a server.
 */

interface Node {
  literals: Map<string, Node>;
  param?: { name: string; node: Node };
  operations: Map<string, Operation>;
}

const newNode = (): Node => ({ literals: new Map(), operations: new Map() });

export type RouteMatch =
  | { kind: 'found'; operation: Operation; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'bad-path'; message: string };

/** Every operation's path in a tree of segments; a literal segment wins over a `{param}`. */
export class RouteTable {
  private readonly root = newNode();

  constructor(operations: readonly Operation[]) {
    for (const op of operations) {
      let node = this.root;
      for (const segment of op.path.split('/').slice(1)) {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (param) {
          node.param ??= { name: param[1] as string, node: newNode() };
          node = node.param.node;
        } else {
          let next = node.literals.get(segment);
          if (!next) node.literals.set(segment, (next = newNode()));
          node = next;
        }
      }
      if (node.operations.has(op.method)) throw new Error(`two operations for ${op.method} ${op.path}`);
      node.operations.set(op.method, op);
    }
  }

  match(method: string, pathname: string): RouteMatch {
    const raw = pathname.split('/').slice(1);
    const segments: string[] = [];
    for (const segment of raw) {
      try {
        segments.push(decodeURIComponent(segment));
      } catch {
        return { kind: 'bad-path', message: `path: "${segment}" is not a valid URL-encoded segment` };
      }
    }
    // Every node matching the whole path, literal branches first; the first with the method wins.
    const candidates: { node: Node; params: Record<string, string> }[] = [];
    const walk = (node: Node, index: number, params: Record<string, string>) => {
      if (index === segments.length) {
        if (node.operations.size > 0) candidates.push({ node, params });
        return;
      }
      const segment = segments[index] as string;
      const literal = node.literals.get(segment);
      if (literal) walk(literal, index + 1, params);
      if (node.param && segment !== '') walk(node.param.node, index + 1, { ...params, [node.param.name]: segment });
    };
    walk(this.root, 0, {});
    if (candidates.length === 0) return { kind: 'not-found' };
    for (const { node, params } of candidates) {
      const operation = node.operations.get(method);
      if (operation) return { kind: 'found', operation, params };
    }
    return { kind: 'method-not-allowed', allow: [...(candidates[0] as { node: Node }).node.operations.keys()] };
  }
}

/** Query string → object; a repeated key becomes an array (what the `qArray` schemas expect). */
export function parseQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const current = out[key];
    if (current === undefined) out[key] = value;
    else out[key] = Array.isArray(current) ? [...current, value] : [current, value];
  }
  return out;
}
