import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTasks } from '../../src/db/load.js';
import { openWorld } from '../../src/db/open.js';
import { writeWorld } from '../../src/db/write.js';
import { scoreAnswer } from '../../src/tasks/score.js';
import { listThemes } from '../../src/themes/registry.js';
import { generateWorld } from '../../src/world/generate.js';
import { tempDir } from '../helpers.js';

// Every registered theme, including themes added later: a task's own answer text always scores 1.
describe.each(listThemes().map((t) => t.id))('theme %s: every task scores 1.0 with its own answer', (theme) => {
  const worlds = [0, 1, 2].map((i) => generateWorld(5, i, { themes: [theme] }));

  it('as plain text, inside <answer> tags, and (tables) with rows shuffled', () => {
    let n = 0;
    for (const w of worlds) {
      for (const t of w.tasks) {
        const plain = scoreAnswer(t, t.answerText);
        expect(plain, `${w.meta.world_id} ${t.id} ${t.question}`).toMatchObject({ reward: 1, exact: true, f1: 1 });
        expect(scoreAnswer(t, `I searched.\n<answer>${t.answerText}</answer>`).reward).toBe(1);
        if (t.answerType === 'table') {
          const [head, sep, ...body] = t.answerText.split('\n');
          expect(scoreAnswer(t, [head, sep, ...body.reverse()].join('\n')).reward).toBe(1);
        }
        n++;
      }
    }
    expect(n).toBeGreaterThanOrEqual(45);
  });

  it("and no task scores 1 with another task's answer of a different value", () => {
    for (const w of worlds) {
      for (const t of w.tasks) {
        if (t.answerType === 'table') continue;
        const other = w.tasks.find((o) => o.answerType === t.answerType && o.answer !== t.answer && !t.aliases.includes(o.answerText));
        if (other) expect(scoreAnswer(t, other.answerText).reward, `${t.id} vs ${other.id}`).toBe(0);
      }
    }
  });
});

describe('tasks read back from a world file', () => {
  it('score 1.0 with their own answer text', () => {
    const data = generateWorld(5, 0, { themes: ['smartphones'] });
    const file = join(tempDir(), `${data.meta.world_id}.sqlite`);
    writeWorld(file, data);
    const w = openWorld(file);
    const tasks = loadTasks(w);
    w.db.close();
    expect(tasks.length).toBe(data.tasks.length);
    for (const t of tasks) expect(scoreAnswer(t, t.answerText).reward, t.id).toBe(1);
  });
});
