/**
 * Lists that can answer CSV (`format=csv`) are typed as "JSON or text" by the SDK; the console
 * asks for JSON, so a text answer means something is wrong between it and the server.
 */
export function jsonOf<T>(answer: T | string): T {
  if (typeof answer === 'string') throw new Error('The server answered text where JSON was asked for.');
  return answer;
}
