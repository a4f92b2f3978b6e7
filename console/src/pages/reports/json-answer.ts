/**
 * A report's JSON answer. Reports that can also answer CSV are typed JSON-or-text by the SDK;
 * without format=csv the API answers JSON, and text here would mean a server out of step.
 */
export function jsonAnswer<T>(answer: T | string): T {
  if (typeof answer === 'string') throw new Error('The server answered text where JSON was asked for.');
  return answer;
}
