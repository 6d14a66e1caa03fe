/** The DDL generator: drizzle table metadata in, SQLite statements out (and refusals for what it does not write). */
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, primaryKey, real, sqliteTable, text, unique, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { createIndexSql, createTableSql, indexesSql } from '../../src/db/schema-ddl.js';

const owners = sqliteTable(
  'owners',
  { id: integer('id').primaryKey({ autoIncrement: true }), code: text('code').notNull().unique(), region: text('region').notNull() },
  (t) => [unique().on(t.code, t.region)],
);
const pets = sqliteTable(
  'pets',
  {
    name: text('name').primaryKey(),
    ownerId: integer('owner_id').references(() => owners.id, { onDelete: 'cascade' }),
    weight: real('weight'),
    ownerCode: text('owner_code').notNull(),
    ownerRegion: text('owner_region').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.ownerCode, t.ownerRegion], foreignColumns: [owners.code, owners.region] }),
    index('pets_owner').on(t.ownerId, t.weight),
    uniqueIndex('pets_code').on(t.ownerCode),
  ],
);
const links = sqliteTable('links', { a: integer('a').notNull(), b: integer('b').notNull() }, (t) => [
  primaryKey({ columns: [t.a, t.b] }),
  index('links_b').on(t.b),
]);

describe('createTableSql', () => {
  it('writes types, keys, NOT NULL, UNIQUE and references in one fixed clause order', () => {
    expect(createTableSql(owners)).toBe(
      'CREATE TABLE owners (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL UNIQUE, region TEXT NOT NULL, UNIQUE (code, region))',
    );
    expect(createTableSql(pets)).toBe(
      'CREATE TABLE pets (name TEXT PRIMARY KEY NOT NULL, owner_id INTEGER REFERENCES owners(id) ON DELETE CASCADE, weight REAL, ' +
        'owner_code TEXT NOT NULL, owner_region TEXT NOT NULL, FOREIGN KEY (owner_code, owner_region) REFERENCES owners(code, region))',
    );
  });

  it('lays a statement out over lines where the layout says, and adds WITHOUT ROWID', () => {
    expect(createTableSql(links, { breakBefore: ['PRIMARY KEY (a, b)'], withoutRowid: true })).toBe(
      'CREATE TABLE links (\n  a INTEGER NOT NULL, b INTEGER NOT NULL,\n  PRIMARY KEY (a, b)\n) WITHOUT ROWID',
    );
    expect(createTableSql(owners, { breakBefore: [] })).toMatch(
      /^CREATE TABLE owners \(\n {2}id INTEGER .* region TEXT NOT NULL, UNIQUE \(code, region\)\n\)$/,
    );
  });

  it('keeps NOT NULL on an integer key that is not the rowid (WITHOUT ROWID)', () => {
    const t = sqliteTable('k', { id: integer('id').primaryKey() });
    expect(createTableSql(t)).toBe('CREATE TABLE k (id INTEGER PRIMARY KEY)');
    expect(createTableSql(t, { withoutRowid: true })).toBe('CREATE TABLE k (id INTEGER PRIMARY KEY NOT NULL) WITHOUT ROWID');
  });

  it('writes statements SQLite accepts, and SQLite reads back the declared structure', () => {
    const db = new Database(':memory:');
    for (const t of [owners, pets, links]) db.exec(createTableSql(t, t === links ? { withoutRowid: true } : {}));
    for (const s of indexesSql([owners, pets, links])) db.exec(s);
    expect(
      db
        .prepare('PRAGMA table_info(pets)')
        .all()
        .map((c: any) => [c.name, c.type, c.notnull, c.pk]),
    ).toEqual([
      ['name', 'TEXT', 1, 1],
      ['owner_id', 'INTEGER', 0, 0],
      ['weight', 'REAL', 0, 0],
      ['owner_code', 'TEXT', 1, 0],
      ['owner_region', 'TEXT', 1, 0],
    ]);
    expect(
      db
        .prepare('PRAGMA foreign_key_list(pets)')
        .all()
        .map((f: any) => [f.table, f.from, f.to, f.on_delete]),
    ).toEqual([
      ['owners', 'owner_code', 'code', 'NO ACTION'],
      ['owners', 'owner_region', 'region', 'NO ACTION'],
      ['owners', 'owner_id', 'id', 'CASCADE'],
    ]);
    expect(
      db
        .prepare('PRAGMA index_list(pets)')
        .all()
        .map((i: any) => [i.name, i.unique, i.origin])
        .sort(),
    ).toEqual([
      ['pets_code', 1, 'c'],
      ['pets_owner', 0, 'c'],
      ['sqlite_autoindex_pets_1', 1, 'pk'],
    ]);
    db.close();
  });

  it('refuses what it does not write, naming the table', () => {
    const withDefault = sqliteTable('d', { n: integer('n').default(3) });
    const withCheck = sqliteTable('c', { n: integer('n') }, (t) => [check('positive', sql`${t.n} > 0`)]);
    const quoted = sqliteTable('q', { n: integer('Odd Name') });
    expect(() => createTableSql(withDefault)).toThrow(/table d: a default or generated value on n is not supported/);
    expect(() => createTableSql(withCheck)).toThrow(/table c: a CHECK constraint is not supported/);
    expect(() => createTableSql(quoted)).toThrow(/table q: name "Odd Name" would need quoting/);
    expect(() => createTableSql(links, { breakBefore: ['c'] })).toThrow(/layout breaks before "c", which is not a clause after the first/);
    expect(() => createTableSql(links, { breakBefore: ['a'] })).toThrow(/not a clause after the first/);
    const partial = sqliteTable('p', { n: integer('n') }, (t) => [index('p_n').on(t.n).where(sql`${t.n} > 0`)]);
    const expression = sqliteTable('e', { n: text('n') }, (t) => [index('e_n').on(sql`lower(${t.n})`)]);
    expect(() => createIndexSql(partial)).toThrow(/table p: the partial index p_n is not supported/);
    expect(() => createIndexSql(expression)).toThrow(/table e: the expression index e_n is not supported/);
  });
});

describe('indexesSql', () => {
  it('builds indexes in the given order, then the rest in declaration order', () => {
    expect(indexesSql([pets, links])).toEqual([
      'CREATE INDEX pets_owner ON pets(owner_id, weight)',
      'CREATE UNIQUE INDEX pets_code ON pets(owner_code)',
      'CREATE INDEX links_b ON links(b)',
    ]);
    expect(indexesSql([pets, links], ['links_b'])).toEqual([
      'CREATE INDEX links_b ON links(b)',
      'CREATE INDEX pets_owner ON pets(owner_id, weight)',
      'CREATE UNIQUE INDEX pets_code ON pets(owner_code)',
    ]);
    expect(() => indexesSql([pets], ['nope'])).toThrow(/index order names nope, which no table declares/);
  });
});
