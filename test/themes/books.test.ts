import { describe, it, expect } from 'vitest';
import { copyRows, describeTheme, expectDatesWithin, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('books');
const theme = describeTheme('books', worlds);
const n = (v: unknown) => Number(v);

describe('books: publishers, authors, books and quarterly sales', () => {
  it('sums quarters to each book and books to each publisher, counts titles, and ranks books by copies sold', () => {
    for (const w of worlds()) {
      const { publishers, authors, books, quarterly_sales: quarters } = w.rows;
      const year = Number(w.meta.reference_date.slice(0, 4)) - 1;
      for (const b of books!) {
        const own = quarters!.filter((q) => q.book_id === b.id);
        expect(own.map((q) => q.quarter)).toEqual([1, 2, 3, 4].map((k) => `Q${k} ${year}`));
        expect(own.reduce((s, q) => s + n(q.copies), 0)).toBe(n(b.annual_copies));
        // Net revenue = copies × list price × 42–56% (the publisher's share after the bookseller's discount), rounded to $10.
        for (const q of own) {
          if (q.revenue_usd == null) continue;
          const share = n(q.revenue_usd) / (n(q.copies) * n(b.list_price_usd));
          expect(share > 0.41 && share < 0.57, `${b.name} ${q.quarter} share ${share}`).toBe(true);
          if (q.returns_copies != null) expect(n(q.returns_copies)).toBeLessThanOrEqual(n(q.copies));
        }
        if (b.annual_revenue_usd != null) expect(own.reduce((s, q) => s + n(q.revenue_usd), 0)).toBe(n(b.annual_revenue_usd));
        // The first quarter sells 12–70% of the first print run (plus up to 400 copies).
        expect(n(own[0]!.copies)).toBeGreaterThanOrEqual(Math.min(n(b.first_print_run) * 0.12 - 1, 150));
        expect(n(own[0]!.copies)).toBeLessThanOrEqual(Math.max(n(b.first_print_run) * 0.7 + 401, 700));
        // A book comes out under its author's publisher.
        expect(b.publisher_id).toBe(authors![n(b.author_id) - 1]!.publisher_id);
      }
      for (const p of publishers!) {
        const own = books!.filter((b) => b.publisher_id === p.id);
        if (p.book_count != null) expect(n(p.book_count)).toBe(own.length);
        expect(own.reduce((s, b) => s + n(b.annual_copies), 0)).toBe(n(p.total_copies));
        if (p.revenue_usd != null) expect(own.reduce((s, b) => s + n(b.annual_revenue_usd), 0)).toBe(n(p.revenue_usd));
      }
      for (const a of authors!) if (a.book_count != null) expect(n(a.book_count)).toBe(books!.filter((b) => b.author_id === a.id).length);
      if (books![0]!.bestseller_rank != null) {
        const byRank = books!.slice().sort((a, b) => n(a.bestseller_rank) - n(b.bestseller_rank));
        expect(byRank.map((b) => n(b.bestseller_rank))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.annual_copies)).toBeGreaterThanOrEqual(n(byRank[i]!.annual_copies));
      }
    }
  });

  it("prices a Collector's Edition above a Hardcover above a Trade above a Pocket Edition, and prints fewer of it", () => {
    const all = worlds().flatMap((w) => w.rows.books!);
    const of = (words: string[], col: string) => all.filter((b) => words.some((x) => String(b.name).endsWith(x))).map((b) => n(b[col]));
    const tiers = [
      ['Pocket Edition', 'Mass Market Edition'],
      ["Reader's Edition", 'Trade Edition'],
      ['Hardcover Edition', 'First Edition'],
      ["Collector's Edition", 'Deluxe Edition', 'Illustrated Edition'],
    ];
    const prices = tiers.map((t) => of(t, 'list_price_usd'));
    for (const p of prices) expect(p.length).toBeGreaterThan(0);
    for (let i = 1; i < prices.length; i++) expect(Math.min(...prices[i]!)).toBeGreaterThan(Math.max(...prices[i - 1]!));
    expect(Math.max(...of(tiers[3]!, 'first_print_run'))).toBeLessThan(Math.min(...of(tiers[0]!, 'first_print_run')));
    for (const b of all) {
      expect(n(b.page_count) >= 144 && n(b.page_count) <= 880).toBe(true);
      if (b.word_count != null) expect(n(b.word_count) / n(b.page_count)).toBeGreaterThan(245);
      if (b.audiobook_hours != null) expect(n(b.audiobook_hours) > 3 && n(b.audiobook_hours) < 33).toBe(true);
      if (b.reader_rating != null) expect(n(b.reader_rating) >= 1 && n(b.reader_rating) <= 5).toBe(true);
    }
    for (const w of worlds())
      for (const q of w.rows.quarterly_sales!) if (q.ebook_share_pct != null) expect(n(q.ebook_share_pct) > 0 && n(q.ebook_share_pct) <= 100).toBe(true);
  });

  it('dates authors, debuts and books in order: publications within the eight years before the sales year, after the debut', () => {
    expectDatesWithin(worlds(), 'books', 'release_date', (y) => [`${y - 8}-01-01`, `${y - 1}-11-23`]);
    expectDatesWithin(worlds(), 'authors', 'born', (y) => [`${y - 79}-01-01`, `${y - 27}-01-31`]);
    for (const w of worlds()) {
      const { authors, books } = w.rows;
      for (const a of authors!) if (a.debut != null) expect(String(a.debut) > String(a.born)).toBe(true);
      for (const b of books!) {
        const a = authors![n(b.author_id) - 1]!;
        expect(String(b.release_date) > String(a.debut ?? a.born)).toBe(true);
      }
    }
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a changed quarter, a swapped rank, a mispriced Pocket Edition, a book under another publisher, an early book and a wrong total', () => {
    const rows = worlds().find(
      (w) => w.rows.publishers!.every((p) => p.founded != null) && w.rows.books![0]!.bestseller_rank != null && w.rows.books!.length >= 2,
    )?.rows;
    expect(rows).toBeDefined();
    type R = NonNullable<typeof rows>;
    const broken = [
      (r: R) => {
        r.quarterly_sales![0]!.copies = n(r.quarterly_sales![0]!.copies) + 10;
      },
      (r: R) => {
        const [a, b] = r.books!;
        [a!.bestseller_rank, b!.bestseller_rank] = [b!.bestseller_rank!, a!.bestseller_rank!];
      },
      (r: R) => {
        const b = r.books![0]!;
        b.name = `${String(b.name).replace(/ \S+ Edition$|\s+Collector's Edition$|\s+Reader's Edition$/, '')} Pocket Edition`;
        b.list_price_usd = 95;
      },
      (r: R) => {
        const b = r.books![0]!;
        b.publisher_id = (n(b.publisher_id) % r.publishers!.length) + 1;
      },
      (r: R) => {
        const b = r.books![0]!;
        b.release_date = r.publishers![n(b.publisher_id) - 1]!.founded!;
      },
      (r: R) => {
        r.publishers![0]!.total_copies = n(r.publishers![0]!.total_copies) + 1;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(rows!);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});
