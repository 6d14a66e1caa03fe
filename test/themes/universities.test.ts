import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('universities');
const theme = describeTheme('universities', worlds);
const n = (v: unknown) => Number(v);
const TIERS = ['College', 'University', 'Institute of Technology'];
const tierOf = (name: unknown) => TIERS.find((t) => String(name).endsWith(` ${t}`));

describe('universities: schools and research grants', () => {
  it('splits each enrolment among its schools and sums grants to schools and schools to universities', () => {
    for (const w of worlds()) {
      const { universities, schools, grants } = w.rows;
      for (const u of universities!) {
        const own = schools!.filter((s) => s.university_id === u.id);
        expect(own.length).toBeGreaterThanOrEqual(2);
        // Counts, enrolments and funding totals are optional attributes: each is checked where the world has it,
        // and a total is present exactly when its parts are.
        if (u.school_count !== null) expect(n(u.school_count)).toBe(own.length);
        expect(own.every((x) => (x.students === null) === (u.enrolled_students === null))).toBe(true);
        if (u.enrolled_students !== null) expect(own.reduce((s, x) => s + n(x.students), 0)).toBe(n(u.enrolled_students));
        expect(own.every((x) => (x.grant_funding_usd === null) === (u.research_funding_usd === null))).toBe(true);
        if (u.research_funding_usd !== null) expect(own.reduce((s, x) => s + n(x.grant_funding_usd), 0)).toBe(n(u.research_funding_usd));
      }
      for (const s of schools!) {
        const own = grants!.filter((g) => g.school_id === s.id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        if (s.grant_funding_usd !== null) expect(own.reduce((t, g) => t + n(g.amount_usd), 0)).toBe(n(s.grant_funding_usd));
        if (s.academic_staff != null) expect(n(s.academic_staff)).toBeLessThan(n(s.students));
      }
      if (schools!.every((s) => s.funding_rank === null)) continue;
      const ranked = schools!.slice().sort((a, b) => n(a.funding_rank) - n(b.funding_rank));
      expect(ranked.map((s) => n(s.funding_rank))).toEqual(ranked.map((_, i) => i + 1));
      for (let i = 1; i < ranked.length; i++) expect(n(ranked[i - 1]!.grant_funding_usd)).toBeGreaterThanOrEqual(n(ranked[i]!.grant_funding_usd));
    }
  });

  it('names schools after their university and sizes universities by their kind word; a city is a plain place name', () => {
    const students = (tier: string) =>
      worlds().flatMap((w) => w.rows.universities!.filter((u) => tierOf(u.name) === tier && u.enrolled_students !== null).map((u) => n(u.enrolled_students)));
    for (const w of worlds()) {
      for (const u of w.rows.universities!) {
        expect(tierOf(u.name), String(u.name)).toBeDefined();
        // The kind word belongs to the university's name only, never to its city.
        for (const t of TIERS) expect(String(u.city)).not.toContain(t);
      }
      for (const s of w.rows.schools!) {
        const uni = w.rows.universities![n(s.university_id) - 1]!;
        expect(String(s.name).startsWith(`${String(uni.name).split(' ')[0]} School of `), String(s.name)).toBe(true);
      }
    }
    expect(students('College').length * students('University').length).toBeGreaterThan(0);
    expect(Math.max(...students('College'))).toBeLessThan(Math.min(...students('University')));
  });

  it('awards grants in the world year, after the school opened, and opens schools after their university', () => {
    expectDatesWithin(worlds(), 'grants', 'award_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
    for (const w of worlds())
      for (const s of w.rows.schools!) {
        const founded = w.rows.universities![n(s.university_id) - 1]!.founded;
        // A school's establishment is stated exactly when its university's founding is (it is drawn after it).
        expect(s.established === null).toBe(founded === null);
        if (founded !== null) expect(String(s.established) > String(founded)).toBe(true);
      }
  });

  it('invariants catch a changed grant, a changed enrolment, a swapped rank, an early grant and a tiny College grown large', () => {
    // Each break runs on a world that has the optional attributes it touches.
    const broken: InvariantBreak[] = [
      [
        (r) => r.schools!.every((s) => s.grant_funding_usd !== null),
        (r) => {
          r.grants![0]!.amount_usd = n(r.grants![0]!.amount_usd) + 1000;
        },
      ],
      [
        (r) => r.universities!.every((u) => u.enrolled_students !== null),
        (r) => {
          r.schools![0]!.students = n(r.schools![0]!.students) + 1;
        },
      ],
      [
        (r) => r.schools!.every((s) => s.funding_rank !== null),
        (r) => {
          const [a, b] = r.schools!;
          [a!.funding_rank, b!.funding_rank] = [b!.funding_rank!, a!.funding_rank!];
        },
      ],
      [
        (r) => r.schools!.every((s) => s.established !== null) && r.grants!.every((g) => g.award_date !== null),
        (r) => {
          const g = r.grants![0]!;
          g.award_date = r.schools![n(g.school_id) - 1]!.established!;
        },
      ],
      [
        () => true,
        (r) => {
          const u = r.universities![0]!;
          u.name = `${String(u.name).split(' ')[0]} College`;
          u.enrolled_students = 40_000;
        },
      ],
    ];
    expectBreaksCaught(theme, worlds(), broken);
  });
});
