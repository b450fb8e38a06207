import { STATUS_CODES } from 'node:http';
import { Args, Flags } from '@oclif/core';
import type { HttpResponse } from '../../api/http.js';
import { redact } from '../../api/redact.js';
import { DocsCommand, dryRunFlag, readTextArg, UsageError } from '../../cli/index.js';
import { paginate } from '../../api/paginate.js';
import { RouteTable } from '../../api/routes.js';
import { parseFields, parseMethod, parsePath, RAW_METHODS } from '../../cli/raw-request.js';

export default class Api extends DocsCommand<typeof Api> {
  static override summary = 'Send a raw request to the API (escape hatch)';
  static override description = [
    'PATH may omit the /v1 prefix. As in gh api, -f/--raw-field values are sent as strings, -F/--field values are typed (numbers, true/false, null); key[]=v builds an array.',
    'Fields form the query of GET and DELETE requests and the JSON body of the others (the query when --input gives the body).',
    'The response body is written to stdout as JSON; a non-2xx answer exits with the code of its status (3 for 404, 4 for 401/403, ...).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> api GET /v1/orgs',
    {
      description: 'Every merged change request of a space, one JSON object per line',
      command: '<%= config.bin %> api GET /spaces/sp_abc/change-requests\n-f status=merged --paginate',
    },
    {
      description: 'A body of strings',
      command: '<%= config.bin %> api PATCH /v1/spaces/sp_abc/change-requests/3\n-f subject="New subject" -f status=open',
    },
    {
      description: 'A typed value (a boolean) beside strings',
      command:
        '<%= config.bin %> api POST /v1/spaces/sp_abc/git/import\n-f url=https://github.com/acme/docs.git\n-f ref=refs/heads/main -F standalone=true',
    },
    {
      description: 'A body from a file (or - for stdin), with the status line and headers',
      command: '<%= config.bin %> api POST /v1/orgs/org_abc/collections\n--input collection.json --include',
    },
  ];
  static override args = {
    method: Args.string({ description: `HTTP method: ${RAW_METHODS.join(', ')}`, required: true }),
    path: Args.string({ description: 'API path, e.g. /v1/orgs or orgs/org_abc/members', required: true }),
  };
  static override flags = {
    // Not greedy: `-f a=1 GET /orgs` leaves GET and /orgs to the arguments. The letters are gh's.
    field: Flags.string({
      char: 'F',
      description: 'A key=value field with a typed value: numbers, true, false, null (repeatable)',
      multiple: true,
      multipleNonGreedy: true,
      helpValue: '<key=value>',
    }),
    'raw-field': Flags.string({
      char: 'f',
      description: 'A key=value field whose value is sent as a string, as typed (repeatable)',
      multiple: true,
      multipleNonGreedy: true,
      helpValue: '<key=value>',
    }),
    input: Flags.string({ description: 'JSON body from a file, or - for stdin', helpValue: '<file|->' }),
    paginate: Flags.boolean({ description: 'Follow next.page and print every item as one JSON line (GET lists only)' }),
    include: Flags.boolean({ char: 'i', description: 'Print the status line and response headers before the body' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const method = parseMethod(this.args.method);
    const { path, query: pathQuery } = parsePath(this.args.path);
    const fields = parseFields(this.flags.field ?? [], this.flags['raw-field'] ?? []);
    let body: unknown;
    if (this.flags.input !== undefined) body = await this.readInput(this.flags.input);
    const fieldsInQuery = method === 'GET' || method === 'DELETE' || body !== undefined;
    if (!fieldsInQuery && Object.keys(fields).length > 0) body = fields;
    const query = { ...pathQuery, ...(fieldsInQuery ? fields : {}) };
    if (this.flags.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');

    const client = await this.client({ requireToken: !this.flags['dry-run'] });
    if (this.flags['dry-run'] && method !== 'GET') {
      this.printDryRun({ method, url: client.http.url(path, query), body });
      return;
    }
    const { allOperations } = await import('../../api/operations/index.js');
    // The emulator's route table: the same operation it would run, so a repeat after a dropped connection
    // happens exactly when the table says it is harmless.
    const route = new RouteTable(allOperations).match(method, path);
    const idempotent = route.kind === 'found' ? route.operation.idempotent : undefined;
    const send = (q: Record<string, unknown>) =>
      client.http.request({ method, path, query: q, body, signal: this.abort.signal, idempotent });
    if (!this.flags.paginate) {
      const res = await send(query);
      this.printHead(res);
      if (res.body !== undefined) this.output.json(res.body);
      return;
    }
    // The client's paging (api/paginate.ts): next.page, a page fetched while the last is printed, and a
    // repeated cursor stops with an error. The page size is the query's `limit` when given, else the server's.
    const given = query.limit;
    let notList: { body: unknown } | undefined;
    const fetchPage = async (cursor: string | undefined, limit: number) => {
      const res = await send({ ...query, ...(given !== undefined ? { limit } : {}), ...(cursor !== undefined ? { page: cursor } : {}) });
      this.printHead(res);
      const envelope = res.body as { items?: unknown; next?: { page?: string } | null } | undefined;
      if (Array.isArray(envelope?.items)) return envelope as { items: unknown[]; next?: { page: string } | null };
      notList = { body: res.body };
      return { items: [] };
    };
    const pageSize = given === undefined ? undefined : Number(given);
    for await (const item of paginate(fetchPage, pageSize !== undefined && Number.isFinite(pageSize) ? { pageSize } : {}))
      await this.output.jsonLine(item);
    if (notList) {
      if (notList.body !== undefined) this.output.json(notList.body);
      this.output.warn('the response is not a list envelope ({items, next}); printed it as is.');
    }
  }

  private printHead(res: HttpResponse): void {
    if (!this.flags.include) return;
    const reason = STATUS_CODES[res.status];
    const lines = [`HTTP/1.1 ${res.status}${reason ? ` ${reason}` : ''}`];
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
    }
    this.output.line(`${redact(lines.join('\n'))}\n`);
  }

  private async readInput(source: string): Promise<unknown> {
    const text = await readTextArg('input', source, this.io.stdin);
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new UsageError(`--input ${source} is not valid JSON: ${(err as Error).message}`);
    }
  }
}
