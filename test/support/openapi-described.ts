/**
 * Whether a request is one an OpenAPI document describes: its method on a path of the document
 * under the document's server (path templates match one segment each).
 */
interface Doc { servers?: { url: string }[]; paths: Record<string, Record<string, unknown>> }

export interface Described { (method: string, pathname: string): boolean }

export async function describedBy(documentUrls: string[]): Promise<Described> {
  const matchers: { method: string; pattern: RegExp }[] = [];
  for (const url of documentUrls) {
    const doc = (await (await fetch(url)).json()) as Doc;
    const root = new URL(doc.servers?.[0]?.url ?? '/', url).pathname.replace(/\/$/, '');
    for (const [template, item] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${root}${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const method of Object.keys(item)) matchers.push({ method: method.toUpperCase(), pattern });
    }
  }
  return (method, pathname) => matchers.some((m) => m.method === method && m.pattern.test(pathname));
}
