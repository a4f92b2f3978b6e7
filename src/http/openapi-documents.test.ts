import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { describe, expect, it } from 'vitest';
import { adminDocumentOptions, publicDocumentOptions } from './openapi-documents';

const serversOf = (options: unknown) => (options as FastifyDynamicSwaggerOptions).openapi?.servers;

describe('the OpenAPI documents\' servers', () => {
  it('sit under BAHI_PUBLIC_URL when it is set', () => {
    expect(serversOf(publicDocumentOptions([], 'https://books.example.in'))).toEqual([expect.objectContaining({ url: 'https://books.example.in/api/public/v1' })]);
    expect(serversOf(adminDocumentOptions([], 'https://books.example.in'))).toEqual([expect.objectContaining({ url: 'https://books.example.in/api/admin/v1' })]);
  });

  it('are relative to where the document is read without it', () => {
    expect(serversOf(publicDocumentOptions([], undefined))).toEqual([expect.objectContaining({ url: '/api/public/v1' })]);
    expect(serversOf(adminDocumentOptions([], undefined))).toEqual([expect.objectContaining({ url: '/api/admin/v1' })]);
  });

  it('serve the operations outside the public prefix (health) from the root, and hide the admin ones from the public document', () => {
    const { transform } = publicDocumentOptions([], 'https://books.example.in') as FastifyDynamicSwaggerOptions;
    const at = (url: string) => transform!({ schema: {}, url } as never) as { schema: { servers?: unknown; hide?: boolean } };
    expect(at('/healthz').schema.servers).toEqual([{ url: 'https://books.example.in' }]);
    expect(at('/api/public/v1/contacts').schema).toEqual({});
    expect(at('/api/admin/v1/orgs').schema.hide).toBe(true);
  });
});
