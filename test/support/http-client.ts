import { gstSchemaProblem } from './gst-schema-check';
import { expectConformingAnswer } from './response-check';

/** A small HTTP client for API tests: real requests over loopback, JSON in and out; every answer is checked against the served OpenAPI document. */
export interface ApiResponse<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are inspected freely
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string | null;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** A raw body string (for malformed-JSON tests); otherwise `body` is JSON-encoded. */
  rawBody?: string;
}

export class HttpClient {
  constructor(readonly baseUrl: string, readonly token: string | null = null) {}

  withToken(token: string | null): HttpClient {
    return new HttpClient(this.baseUrl, token);
  }

  async request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    let payload: string | undefined = options.rawBody;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Non-JSON answers (the docs page) are returned as text.
    }
    await expectConformingAnswer(this.baseUrl + path, method, response, parsed);
    const gstProblem = gstSchemaProblem(method, new URL(this.baseUrl + path).pathname, response.status, parsed);
    if (gstProblem) throw new Error(gstProblem);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** A multipart/form-data POST (uploads); fetch writes the boundary itself. */
  async postForm<T = any>(path: string, form: FormData, options: RequestOptions = {}): Promise<ApiResponse<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const response = await fetch(this.baseUrl + path, { method: 'POST', headers, body: form });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    await expectConformingAnswer(this.baseUrl + path, 'POST', response, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = any>(path: string, options?: RequestOptions) { return this.request<T>('GET', path, undefined, options); } // eslint-disable-line @typescript-eslint/no-explicit-any
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) { return this.request<T>('POST', path, body, options); } // eslint-disable-line @typescript-eslint/no-explicit-any
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) { return this.request<T>('PUT', path, body, options); } // eslint-disable-line @typescript-eslint/no-explicit-any
  delete<T = any>(path: string, options?: RequestOptions) { return this.request<T>('DELETE', path, undefined, options); } // eslint-disable-line @typescript-eslint/no-explicit-any
}
