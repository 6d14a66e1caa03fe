import { describe, it, expect } from 'vitest';
import { copyRows, describeTheme, expectDatesWithin, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('drugs');
const theme = describeTheme('drugs', worlds);
const n = (v: unknown) => Number(v);

describe('drugs: the pipeline', () => {
  it('orders every timeline: company founded < drug disclosed < trial start < trial end < approval', () => {
    for (const w of worlds()) {
      const { companies, drugs, trials, approvals } = w.rows;
      for (const d of drugs!) {
        const founded = String(companies![n(d.company_id) - 1]!.founded);
        expect(founded < String(d.disclosed)).toBe(true);
        const own = trials!.filter((t) => t.drug_id === d.id);
        expect(own.length).toBeGreaterThan(0);
        for (const t of own) expect(String(d.disclosed) < String(t.start_date) && String(t.start_date) < String(t.end_date)).toBe(true);
        const lastEnd = own
          .map((t) => String(t.end_date))
          .sort()
          .pop()!;
        for (const a of approvals!.filter((x) => x.drug_id === d.id)) expect(String(a.approval_date) > lastEnd).toBe(true);
      }
    }
  });

  it('approves only drugs that reached phase 3, at most once per agency, within the reference year', () => {
    for (const w of worlds()) {
      const { trials, approvals } = w.rows;
      const keys = new Set<string>();
      for (const a of approvals!) {
        expect(trials!.some((t) => t.drug_id === a.drug_id && t.phase === 'Phase 3')).toBe(true);
        keys.add(`${a.drug_id}|${a.agency}`);
      }
      expect(keys.size).toBe(approvals!.length);
    }
    expectDatesWithin(worlds(), 'approvals', 'approval_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
    expect(worlds().some((w) => w.rows.approvals!.length > 0)).toBe(true);
  });

  it('invariants catch a trial ending before it starts, an approval before the trials end, and a drug older than its company', () => {
    const w = worlds().find((x) => x.rows.approvals!.length > 0)!;
    const broken = [
      (r: typeof w.rows) => {
        const t = r.trials![0]!;
        [t.start_date, t.end_date] = [t.end_date!, t.start_date!];
      },
      (r: typeof w.rows) => {
        const a = r.approvals![0]!;
        const t = r.trials!.find((x) => x.drug_id === a.drug_id)!;
        a.approval_date = t.end_date!;
      },
      (r: typeof w.rows) => {
        const d = r.drugs![0]!;
        d.disclosed = r.companies![n(d.company_id) - 1]!.founded!;
      },
      (r: typeof w.rows) => {
        const t = r.trials![0]!;
        t.start_date = r.drugs![n(t.drug_id) - 1]!.disclosed!;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(w.rows);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});

describe('drugs: domain sense', () => {
  it("a candidate's route fits its modality and its name carries its modality's stem; the check catches an oral antibody", () => {
    const biologics = ['monoclonal antibody', 'bispecific antibody', 'gene therapy', 'cell therapy'];
    let routed = 0;
    for (const w of worlds())
      for (const d of w.rows.drugs!) {
        if (d.route != null) routed++;
        if (biologics.includes(String(d.modality))) expect(d.route).not.toBe('oral');
      }
    expect(routed).toBeGreaterThan(0);
    const w = worlds().find((x) => x.rows.drugs!.some((d) => d.route != null))!;
    const rows = copyRows(w.rows);
    const d = rows.drugs!.find((x) => x.route != null)!;
    d.modality = 'monoclonal antibody';
    d.route = 'oral';
    expect(theme.invariants(rows).some((m) => m.includes('does not go with modality "monoclonal antibody"'))).toBe(true);
  });
});
