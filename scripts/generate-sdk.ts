/**
 * `npm run generate -w sdk`: builds the app in-process over a throwaway embedded database,
 * reads the OpenAPI document it serves (no port is opened) and writes the SDK's generated
 * types from it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config';
import { composeApp } from '../src/main/compose';
import { GENERATED_SCHEMA, schemaSource } from '../sdk/scripts/generated-files';

const sdkDir = fileURLToPath(new URL('../sdk/', import.meta.url));
const dataDir = await mkdtemp(path.join(tmpdir(), 'bahi-sdk-'));
try {
  const app = await composeApp(loadConfig({ BAHI_DATA_DIR: dataDir, BAHI_WORKER_POLL_MS: '0' }), { logger: false });
  try {
    const res = await app.server.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /openapi.json: ${res.statusCode}`);
    const target = path.join(sdkDir, GENERATED_SCHEMA);
    await writeFile(target, await schemaSource(res.json()));
    console.log(`wrote ${path.relative(process.cwd(), target)}`);
  } finally {
    await app.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
