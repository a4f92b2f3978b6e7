import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { sdkDocument, type OpenApiDocument } from './sdk-document';

/** Where the generated files live, from the sdk folder. */
export const GENERATED_SCHEMA = 'src/generated/schema.ts';
export const REGENERATE_COMMAND = 'npm run generate -w sdk';

/**
 * The SDK's generated source for a served OpenAPI document: openapi-typescript's `paths`,
 * `components` and `operations` types of the public API. The same function writes the file
 * (scripts/generate-sdk.ts) and checks it in the tests (test/api/sdk-types.test.ts).
 */
export async function schemaSource(served: OpenApiDocument): Promise<string> {
  // Our document type names only what sdkDocument reads; the served JSON is an OpenAPI 3.1 document.
  const ast = await openapiTS(sdkDocument(served) as unknown as OpenAPI3, { silent: true, alphabetize: true });
  return `${COMMENT_HEADER.replace('openapi-typescript.', `openapi-typescript from the served /openapi.json: ${REGENERATE_COMMAND}`)}${astToString(ast)}`;
}
