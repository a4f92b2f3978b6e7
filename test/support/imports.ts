import { expect } from 'vitest';
import type { ApiResponse, HttpClient } from './http-client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

/** POST /imports with a file and the form's fields. */
export function uploadImport(api: HttpClient, file: Buffer | string, name: string, fields: Record<string, string>): Promise<ApiResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([file]), name);
  return api.postForm('/imports', form);
}

/** Polls GET /imports/{id} until the run is COMPLETED or FAILED (at most 60 s), and answers it. */
export async function finishedImport(api: HttpClient, importId: string): Promise<Json> {
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    const res = await api.get(`/imports/${importId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.import.status === 'COMPLETED' || res.body.import.status === 'FAILED') return res.body.import as Json;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${importId} did not finish in 60 s`);
}

/** Uploads a file, expects 202 QUEUED, and answers the finished run. */
export async function runImport(api: HttpClient, file: Buffer | string, name: string, fields: Record<string, string>): Promise<Json> {
  const res = await uploadImport(api, file, name, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.import.status).toBe('QUEUED');
  return finishedImport(api, res.body.import.import_id as string);
}

/** GET /imports/{id}/errors as JSON. */
export async function importErrors(api: HttpClient, importId: string): Promise<Json[]> {
  const res = await api.get(`/imports/${importId}/errors`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.errors as Json[];
}
