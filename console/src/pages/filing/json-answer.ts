/**
 * The JSON answer of an operation that can also answer CSV: the SDK types its answer as either,
 * and without format=csv the API sends JSON, so a text answer here is a fault worth showing.
 */
export function jsonAnswer<T extends object>(answer: T | string): T {
  if (typeof answer === 'string') throw new Error('The API answered text where JSON was asked for');
  return answer;
}
