/** Where the public API lives on a Bahi server; the SDK's paths are relative to it. */
export const API_ROOT = '/api/public/v1';

/** The API root under a server's address: `http://host:8080` and `http://host:8080/api/public/v1` alike. */
export function apiRootOf(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith(API_ROOT) ? trimmed : `${trimmed}${API_ROOT}`;
}
