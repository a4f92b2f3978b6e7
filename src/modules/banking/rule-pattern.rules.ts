/*
 * A rule's `matches` pattern is a JavaScript regular expression run on every narration of an
 * import, so one that backtracks without bound would stall the server (docs/rules/banking.md,
 * "Rules"). Rather than a second matcher, the pattern is refused unless its matching time is
 * bounded: at most 100 characters; no quantified group that itself holds a quantifier or an
 * alternation (`(a+)+`, `(a|aa)*`: exponential); at most two unbounded quantifiers (`*`, `+`,
 * `{n,}`, or a `{n,m}` above 50), so the worst case is quadratic; no backreferences or
 * lookarounds; and the narration read is its first 1,000 characters.
 */

export const MAX_PATTERN_LENGTH = 100;
const MAX_UNBOUNDED = 2;
/** Above this a bounded repeat counts as unbounded. */
const LARGE_REPEAT = 50;
/** The part of a narration a pattern is run on. */
export const NARRATION_READ = 1000;

interface Quantifier { length: number; unbounded: boolean }

/** The quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, with a lazy `?`), or null. */
function quantifierAt(pattern: string, i: number): Quantifier | null {
  const c = pattern[i];
  let q: Quantifier | null = null;
  if (c === '*' || c === '+') q = { length: 1, unbounded: true };
  else if (c === '?') q = { length: 1, unbounded: false };
  else if (c === '{') {
    const repeat = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (repeat) q = { length: repeat[0].length, unbounded: repeat[2] !== undefined && (repeat[3] === '' || Number(repeat[3]) > LARGE_REPEAT) };
  }
  if (q && pattern[i + q.length] === '?') q.length += 1;
  return q;
}

/** Where a character class that opens at `i` closes. */
function classEnd(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === '^') j++;
  if (pattern[j] === ']') j++;
  while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
  return j;
}

/** Why a pattern is refused, or null when its matching time is bounded and it compiles. */
export function patternFault(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `a pattern has at most ${MAX_PATTERN_LENGTH} characters`;
  if (/\\[1-9]|\\k</.test(pattern)) return 'backreferences are not allowed in a pattern';
  if (/\(\?<?[=!]/.test(pattern)) return 'lookarounds are not allowed in a pattern';
  try {
    new RegExp(pattern, 'i'); // eslint-disable-line no-new -- compiled only to be checked
  } catch {
    return 'the pattern is not a valid regular expression';
  }
  // Per open group: whether what it holds repeats or branches.
  const groups: boolean[] = [false];
  let unbounded = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') { i++; continue; }
    if (c === '[') { i = classEnd(pattern, i); continue; }
    if (c === '(') {
      groups.push(false);
      if (pattern[i + 1] === '?') i = pattern.indexOf(pattern[i + 2] === '<' ? '>' : ':', i);
      continue;
    }
    if (c === '|') { groups[groups.length - 1] = true; continue; }
    if (c === ')') {
      const repeatsInside = groups.pop() ?? false;
      const q = quantifierAt(pattern, i + 1);
      if (q && repeatsInside) return 'nested quantifiers are not allowed: a repeated group may not itself hold a repeat or an alternation';
      if (repeatsInside) groups[groups.length - 1] = true;
      continue;
    }
    const q = quantifierAt(pattern, i);
    if (!q) continue;
    groups[groups.length - 1] = true;
    if (q.unbounded && ++unbounded > MAX_UNBOUNDED) return `at most ${MAX_UNBOUNDED} unbounded quantifiers (*, +, {n,}) in a pattern`;
    i += q.length - 1;
  }
  return null;
}
