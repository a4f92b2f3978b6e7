/**
 * Which new lines an import matches on its own (docs/rules/banking.md, "Suggestions and
 * matching"): a line with exactly one exact candidate, when that entry is the exact candidate of
 * no other new line. Unambiguous both ways, so nothing a person would have to choose is chosen.
 */
export function unambiguousPairs(exactByLine: ReadonlyMap<string, readonly string[]>): Array<{ lineId: string; entryKey: string }> {
  const linesOfEntry = new Map<string, number>();
  for (const keys of exactByLine.values()) for (const key of new Set(keys)) linesOfEntry.set(key, (linesOfEntry.get(key) ?? 0) + 1);
  const pairs: Array<{ lineId: string; entryKey: string }> = [];
  for (const [lineId, keys] of exactByLine) {
    const [only, ...others] = new Set(keys);
    if (only !== undefined && others.length === 0 && linesOfEntry.get(only) === 1) pairs.push({ lineId, entryKey: only });
  }
  return pairs;
}
