/** Levenshtein distance: the fewest single-character insertions, deletions or substitutions turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

const commonPrefixLength = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n;
};

/**
 * The candidates nearest to `input`, or none when even the nearest is more than `maxDistance`
 * away: a "did you mean" only helps when the guess is close. Equally near candidates are told
 * apart by the longer common prefix (a slip is likelier late in a word than at its start:
 * `IN-KR` is nearer IN-KA than IN-TR); those still equal all come back, in the candidates' order.
 */
export function nearest<T>(input: string, candidates: readonly T[], spellingOf: (candidate: T) => string, maxDistance: number): T[] {
  const ranked = candidates
    .map((candidate) => ({ candidate, distance: editDistance(input, spellingOf(candidate)), prefix: commonPrefixLength(input, spellingOf(candidate)) }))
    .filter((r) => r.distance <= maxDistance);
  const [best] = [...ranked].sort((x, y) => x.distance - y.distance || y.prefix - x.prefix);
  return ranked.filter((r) => r.distance === best?.distance && r.prefix === best.prefix).map((r) => r.candidate);
}
