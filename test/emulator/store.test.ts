import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError, Store, type ListOptions } from '../../src/emulator/store/store.js';
import { availableDrivers, type SqliteDriver } from '../../src/emulator/store/sqlite.js';
import { expectedDriver, hasNodeSqlite } from '../helpers/sqlite.js';

interface Item {
  id: string;
  n: number;
  seen?: string;
  /** n % 3, for filters on a stored field. */
  m?: number;
}

/*
 * Every test below runs on each SQLite driver this runtime can load: better-sqlite3 on Node.js 20 (where it
 * is built), node:sqlite on 22.13 and later (CI runs this file on 20, 22 and 24; see .ci/run).
 */
const drivers = availableDrivers();

describe('drivers', () => {
  it('are what this runtime should have, and the default is the built-in one where there is one', () => {
    expect(drivers).toContain(expectedDriver());
    if (hasNodeSqlite()) expect(drivers).toContain('node:sqlite');
    else expect(drivers).not.toContain('node:sqlite');
    const store = new Store();
    expect(store.driver).toBe(expectedDriver());
    store.close();
  });

  it('copy a database through a snapshot from one driver to the other', () => {
    for (const from of drivers)
      for (const to of drivers) {
        const a = new Store(undefined, { driver: from });
        a.insert('item', { id: 'x', n: 1 }, 'p');
        a.setMeta('seeded', 'yes');
        const b = new Store(a.snapshot(), { driver: to });
        expect([b.driver, b.get('item', 'x'), b.getMeta('seeded'), b.countChildren('item', 'p')]).toEqual([
          to,
          { id: 'x', n: 1 },
          'yes',
          1,
        ]);
        // The copy counts its own inserts (its triggers came with it, and did not fire on the copy).
        b.insert('item', { id: 'y', n: 2 }, 'p');
        expect([b.countChildren('item', 'p'), a.countChildren('item', 'p')]).toEqual([2, 1]);
        a.close();
        b.close();
      }
  });
});

let store: Store;
let driver: SqliteDriver;

describe.each(drivers)('on %s', (name) => {
  beforeEach(() => {
    driver = name;
    store = new Store(undefined, { driver });
  });
  afterEach(() => {
    store.close();
  });

  const add = (id: string, n: number, seen?: string) => store.insert<Item>('item', { id, n, ...(seen ? { seen } : {}) }, 'p');

  /** Every page of a listing, with `between(pageIndex)` run before each following page is fetched. */
  function walk(options: ListOptions<Item>, between: (index: number) => void = () => {}): string[] {
    const out: string[] = [];
    let page: string | undefined;
    for (let i = 0; i < 100; i++) {
      const result = store.list<Item>('item', { parent: 'p', ...options, ...(page ? { page } : {}) });
      out.push(...result.items.map((item) => item.id));
      page = result.next?.page;
      if (!page) return out;
      between(i);
    }
    throw new Error('too many pages');
  }

  describe('store lists', () => {
    it('pages in insertion order both ways, with cursors that survive additions and removals', () => {
      for (let i = 0; i < 6; i++) add(`i${i}`, i);
      expect(walk({ limit: 2 }, (i) => i === 0 && add('late', 9))).toEqual(['i0', 'i1', 'i2', 'i3', 'i4', 'i5', 'late']);
      // Newest first: what is added after the first page belongs before it, so it is not repeated.
      expect(walk({ limit: 2, order: 'desc' }, (i) => i === 0 && add('later', 10))).toEqual(['late', 'i5', 'i4', 'i3', 'i2', 'i1', 'i0']);
      // The item a cursor names may go away.
      expect(walk({ limit: 2 }, (i) => i === 0 && store.delete('item', 'i1'))).toEqual([
        'i0',
        'i1',
        'i2',
        'i3',
        'i4',
        'i5',
        'late',
        'later',
      ]);
    });

    it('filters in JavaScript (where) and in SQL (match) with the same pages and counts', () => {
      for (let i = 0; i < 9; i++) store.insert<Item>('item', { id: `i${i}`, n: i, m: i % 3 }, 'p');
      const byWhere = store.list<Item>('item', { parent: 'p', where: (item) => item.n % 3 === 0, limit: 2, order: 'desc' });
      const byMatch = store.list<Item>('item', {
        parent: 'p',
        match: { fields: { m: 0 } },
        limit: 2,
        order: 'desc',
      });
      expect(byWhere.items.map((i) => i.id)).toEqual(['i6', 'i3']);
      expect(byMatch.items.map((i) => i.id)).toEqual(['i6', 'i3']);
      expect([byWhere.count, byMatch.count]).toEqual([3, 3]);
      expect(walk({ where: (item) => item.n % 3 === 0, limit: 2, order: 'desc' }, () => add('i9', 9))).toEqual(['i6', 'i3', 'i0']);
      store.put<Item>('item', { id: 'i9', n: 9, m: 0 });
      expect(walk({ match: { fields: { m: 0 } }, limit: 1 })).toEqual(['i0', 'i3', 'i6', 'i9']);
      // null: the field is absent.
      add('plain', 10);
      expect(walk({ match: { fields: { m: null } }, limit: 1 })).toEqual(['plain']);
    });

    it('matches on a linked document, counts and groups by field, under a parent or under its children', () => {
      store.insert('user', { id: 'u1', name: 'Ada Lovelace', email: 'ADA@example.com' });
      store.insert('user', { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com' });
      store.insert('team', { id: 't1' }, 'org');
      store.insert('team', { id: 't2' }, 'org');
      store.insert('team', { id: 't3' }, 'other');
      const member = (team: string, user: string, role: string) => store.insert('teamMember', { id: `${team}:${user}`, user, role }, team);
      member('t1', 'u1', 'owner');
      member('t2', 'u1', 'member');
      member('t2', 'u2', 'member');
      member('t3', 'u2', 'owner');
      const linked = (contains: string) =>
        store
          .list<{ id: string }>('teamMember', {
            parent: 't2',
            match: { linked: { field: 'user', kind: 'user', in: ['name', 'email'], contains } },
          })
          .items.map((d) => d.id);
      expect(linked('ada@')).toEqual(['t2:u1']);
      expect(linked('HOPPER')).toEqual(['t2:u2']);
      expect(linked('example')).toEqual(['t2:u1', 't2:u2']);
      expect(linked('nobody')).toEqual([]);
      const inOrg = { kind: 'team', parent: 'org' };
      expect(store.countWhere('teamMember', inOrg, { user: 'u1' })).toBe(2);
      expect(store.countWhere('teamMember', 't2', { role: 'member' })).toBe(2);
      expect(store.exists('teamMember', inOrg, { user: 'u2', role: 'owner' })).toBe(false);
      expect(store.exists('teamMember', { kind: 'team', parent: 'other' }, { user: 'u2', role: 'owner' })).toBe(true);
      expect([...store.countByField('teamMember', inOrg, 'user')].sort()).toEqual([
        ['u1', 2],
        ['u2', 1],
      ]);
      expect(() => store.countWhere('teamMember', 't1', { "role') OR 1=1 --": 'x' })).toThrow(/invalid field name/);
    });

    it('orders by a field, leaving out documents without it, ties in insertion order', () => {
      add('a', 1, '2025-01-03');
      add('b', 2);
      add('c', 3, '2025-01-01');
      add('d', 4, '2025-01-03');
      add('e', 5, '2025-01-02');
      expect(walk({ sortBy: '$.seen', limit: 10 })).toEqual(['c', 'e', 'a', 'd']);
      expect(walk({ sortBy: '$.seen', order: 'desc', limit: 10 })).toEqual(['d', 'a', 'e', 'c']);
      expect(store.list<Item>('item', { parent: 'p', sortBy: '$.seen', limit: 1 }).count).toBe(4);
      // The cursor holds the sort value: an item that moves, or goes away, does not shift the next page.
      const moved = walk({ sortBy: '$.seen', order: 'desc', limit: 2 }, (i) => {
        if (i === 0) store.put<Item>('item', { id: 'a', n: 1, seen: '2025-01-09' });
      });
      expect(moved).toEqual(['d', 'a', 'e', 'c']);
      const removed = walk({ sortBy: '$.seen', limit: 2 }, (i) => i === 0 && store.delete('item', 'e'));
      expect(removed).toEqual(['c', 'e', 'd', 'a']);
      expect(walk({ sortBy: '$.seen', limit: 1, where: (item) => item.n !== 4 })).toEqual(['c', 'a']);
    });

    it('answers limit 0 with the count only, and refuses cursors it did not make', () => {
      add('a', 1, '2025-01-01');
      expect(store.list<Item>('item', { parent: 'p', limit: 0 })).toEqual({ items: [], count: 1 });
      const sorted = store.list<Item>('item', { parent: 'p', sortBy: '$.seen', limit: 0 });
      expect(sorted).toEqual({ items: [], count: 1 });
      add('b', 2, '2025-01-02');
      const insertionCursor = store.list<Item>('item', { parent: 'p', limit: 1 }).next?.page as string;
      const sortedCursor = store.list<Item>('item', { parent: 'p', sortBy: '$.seen', limit: 1 }).next?.page as string;
      for (const [page, sortBy] of [
        ['bogus', undefined],
        ['', undefined],
        [sortedCursor, undefined],
        [insertionCursor, '$.seen'],
        [Buffer.from('k:1:{"x":1}').toString('base64url'), '$.seen'],
      ] as const) {
        expect(() => store.list<Item>('item', { parent: 'p', page, ...(sortBy ? { sortBy } : {}) })).toThrow(InvalidCursorError);
      }
      expect(() => store.list<Item>('item', { sortBy: "$.x') OR 1=1 --" })).toThrow(/invalid sort path/);
    });

    it('keeps counts per kind and parent through inserts, moves, deletes and rolled back transactions', () => {
      for (let i = 0; i < 5; i++) add(`i${i}`, i);
      store.insert<Item>('item', { id: 'q1', n: 1 }, 'q');
      store.insert<Item>('item', { id: 'orphan', n: 0 });
      expect([store.countChildren('item', 'p'), store.countChildren('item', 'q'), store.count('item')]).toEqual([5, 1, 7]);
      store.setParent('item', 'i0', 'q');
      store.delete('item', 'i1');
      store.put<Item>('item', { id: 'i2', n: 20 });
      expect([store.countChildren('item', 'p'), store.countChildren('item', 'q'), store.count('item')]).toEqual([3, 2, 6]);
      expect(store.list<Item>('item', { parent: 'p', limit: 1 }).count).toBe(3);
      expect(store.list<Item>('item', { limit: 1 }).count).toBe(6);
      expect(() =>
        store.tx(() => {
          add('gone', 9);
          expect(store.countChildren('item', 'p')).toBe(4);
          throw new Error('roll back');
        }),
      ).toThrow('roll back');
      expect(store.countChildren('item', 'p')).toBe(3);
    });

    it('counts the documents of a database made before counts were kept', () => {
      for (let i = 0; i < 3; i++) add(`i${i}`, i);
      store.db.exec('DROP TABLE counts');
      const reopened = new Store(store.snapshot(), { driver });
      try {
        expect(reopened.countChildren('item', 'p')).toBe(3);
        reopened.insert<Item>('item', { id: 'new', n: 4 }, 'p');
        expect(reopened.list<Item>('item', { parent: 'p', limit: 1 }).count).toBe(4);
      } finally {
        reopened.close();
      }
    });
  });
});
