/**
 * The SDK's generated types (sdk/src/generated/schema.ts) are those of the document the server
 * serves: regenerating them from /openapi.json must change nothing. When a route's schema
 * changes, this fails until the types are regenerated and committed.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_SCHEMA, REGENERATE_COMMAND, schemaSource } from '../../sdk/scripts/generated-files';
import type { OpenApiDocument } from '../../sdk/scripts/sdk-document';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('SDK types', () => {
  it('are what openapi-typescript makes of the served /openapi.json', async () => {
    const served = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    const committed = await readFile(new URL(`../../sdk/${GENERATED_SCHEMA}`, import.meta.url), 'utf8');
    const fresh = await schemaSource(served);
    const [was, now] = [committed.split('\n'), fresh.split('\n')];
    const line = Math.max(0, [...Array(Math.max(was.length, now.length)).keys()].findIndex((i) => was[i] !== now[i]));
    expect(committed === fresh, `sdk/${GENERATED_SCHEMA} is out of date with /openapi.json (line ${line + 1}: ${JSON.stringify(was[line])}, now ${JSON.stringify(now[line])}): run \`${REGENERATE_COMMAND}\` and commit it`).toBe(true);
  });
});
