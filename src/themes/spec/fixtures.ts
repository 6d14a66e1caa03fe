/**
 * Round-robin pairings by the circle method, as rounds of [home, away] indices; venues go to the side
 * with fewer home matches so far, so every side hosts about half of its matches.
 */
export function roundRobin(n: number): [number, number][][] {
  let teams = Array.from({ length: n % 2 ? n + 1 : n }, (_, i) => i);
  const m = teams.length;
  const hosted = new Array<number>(m).fill(0);
  const rounds: [number, number][][] = [];
  for (let r = 0; r < m - 1; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < m / 2; i++) {
      const a = teams[i]!;
      const b = teams[m - 1 - i]!;
      if (a === n || b === n) continue;
      const [h, v] = hosted[a]! < hosted[b]! || (hosted[a] === hosted[b] && (r + i) % 2 === 0) ? [a, b] : [b, a];
      hosted[h]!++;
      pairs.push([h, v]);
    }
    rounds.push(pairs);
    teams = [teams[0]!, teams[m - 1]!, ...teams.slice(1, m - 1)];
  }
  return rounds;
}
