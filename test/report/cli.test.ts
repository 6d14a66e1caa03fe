/** `fictionworld report DIR`: a bad folder is one line and exit 2; a real batch prints every row, as a table and as JSON. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportRows } from '../../src/report/rows.js';
import { genreOrder, type RealismReport } from '../../src/report/run.js';
import { cli, tempDir } from '../helpers.js';

describe('report DIR', () => {
  it.each([
    ['a missing folder', () => join(tempDir('fw-report-'), 'nowhere')],
    [
      'a file',
      () => {
        const f = join(tempDir('fw-report-'), 'file.txt');
        writeFileSync(f, 'x');
        return f;
      },
    ],
    ['a folder without worlds', () => tempDir('fw-report-')],
    [
      'a damaged world file',
      () => {
        const d = tempDir('fw-report-');
        writeFileSync(join(d, 'w1-000000.sqlite'), 'not a database');
        return d;
      },
    ],
  ])('%s: one line on stderr, exit 2', async (_what, dir) => {
    const r = await cli(['report', dir(), '--quiet']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^error: [^\n]+\n$/);
  });

  describe('on a generated batch', () => {
    let dir = '';
    beforeAll(async () => {
      dir = tempDir('fw-report-batch-');
      const g = await cli(['generate', '--count', '8', '--seed', '5', '--out', dir, '--workers', '1', '--quiet']);
      expect(g.code, g.err).toBe(0);
    });

    it('prints every row with its target, the batch figure and each theme, and exits 0 though targets fail', async () => {
      const json = await cli(['report', dir, '--json', '--quiet']);
      expect(json.code).toBe(0);
      const r = JSON.parse(json.out) as RealismReport;
      expect(r.worlds).toBe(8);
      const themes = Object.keys(r.themes);
      expect(themes.length).toBeGreaterThan(1);
      expect(r.overall.passages).toBe(Object.values(r.themes).reduce((s, f) => s + f.passages, 0));

      const table = await cli(['report', dir, '--quiet']);
      expect(table.code).toBe(0);
      expect(table.err).toBe('');
      const lines = table.out.split('\n');
      expect(lines[0]).toMatch(new RegExp(`^8 worlds in ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(format v\\d+ 8\\); themes: `));
      const header = lines.find((l) => l.startsWith('measure'))!;
      for (const t of ['target', 'all', ...themes]) expect(header).toContain(t);
      for (const row of reportRows(genreOrder(r.overall))) {
        const line = lines.find((l) => l.startsWith(`${row.label} `));
        expect(line, row.label).toBeDefined();
        // one cell per scope after the label and target
        expect(line!.slice(row.label.length).trim().split(/ {2,}/).length, row.label).toBe(themes.length + 1 + (row.target ? 1 : 0));
        if (row.pass) expect(line, row.label).toMatch(/[✓✗]|n\/a/);
      }
      expect(lines.some((l) => /^targets met \(all worlds\): \d+ of \d+/.test(l))).toBe(true);
      // every check is there, for the batch and each theme
      const targeted = reportRows(genreOrder(r.overall)).filter((x) => x.pass);
      expect(r.checks).toHaveLength(targeted.length * (themes.length + 1));
      expect(r.checks.find((c) => c.id === 'facts' && c.scope === 'all')?.pass).toBe(true);
    });

    it('--sample N measures N worlds; progress goes to stderr', async () => {
      const r = await cli(['report', dir, '--sample', '3', '--json']);
      expect(r.code).toBe(0);
      expect((JSON.parse(r.out) as RealismReport).worlds).toBe(3);
      expect(r.err).toMatch(/3\/3 worlds/);
      const all = await cli(['report', dir, '--sample', '20', '--json', '--quiet']);
      expect(all.err).toBe(`warning: --sample 20 is more than the 8 worlds in ${dir}: using all 8\n`);
      expect((JSON.parse(all.out) as RealismReport).worlds).toBe(8);
    });
  });
});
