import type { BahiClient } from '@bahi/sdk';
import { BahiError } from '@bahi/sdk';

/** Hands a file to the browser's downloads, under the name given. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name the server gave in Content-Disposition, else the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads what a GET of the public API answers, byte for byte as the server sent it (a
 * return's JSON, a CSV, a PDF), with the token's Authorization that a plain link could not carry.
 */
export async function download(api: BahiClient, path: string, query: Record<string, string | number | boolean | undefined>, fallbackName: string, accept?: string) {
  const send = api.raw.GET as unknown as (path: string, init: object) => Promise<{ data?: Blob; error?: unknown; response: Response }>;
  const { data, error, response } = await send(path, {
    params: { query },
    parseAs: 'blob',
    ...(accept && { headers: { Accept: accept } }),
  });
  if (!response.ok || !data) throw BahiError.of(response, error);
  saveFile(data, fileNameOf(response, fallbackName));
}
