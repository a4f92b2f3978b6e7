import { describe, expect, it } from 'vitest';
import { withExamples, type Examples } from './merge';

const examples: Examples = {
  getContact: {
    method: 'GET', path: '/api/public/v1/contacts/:contact_id', status: 200,
    params: { contact_id: 'con_1' }, response: { code: 0, contact: { contact_id: 'con_1' } },
  },
  createAttachment: {
    method: 'POST', path: '/api/public/v1/attachments', status: 201,
    request: { entity_type: 'INVOICE', file: '(the bytes)' }, response: { code: 0 },
  },
  listInvoices: { method: 'GET', path: '/api/public/v1/invoices', status: 200, query: { customer_id: 'con_1' }, response: { code: 0, invoices: [] } },
};

const document = () => ({
  paths: {
    '/contacts/{contact_id}': {
      get: {
        operationId: 'getContact',
        parameters: [{ in: 'path', name: 'contact_id' }, { $ref: '#/components/parameters/SvcOrg' }],
        responses: { 200: { content: { 'application/json': {} } }, 404: { content: { 'application/json': {} } } },
      },
    },
    '/attachments': {
      post: {
        operationId: 'createAttachment',
        requestBody: { content: { 'multipart/form-data': {} } },
        responses: { 201: { content: { 'application/json': {} } } },
      },
    },
    '/invoices': {
      get: { operationId: 'listInvoices', parameters: [{ in: 'query', name: 'customer_id' }, { in: 'query', name: 'per_page' }], responses: { 200: {} } },
    },
    '/healthz': { get: { operationId: 'health', responses: { 200: { content: { 'application/json': {} } } } } },
  },
});

describe('withExamples', () => {
  const merged = withExamples(document(), examples).paths;

  it('puts path and query values on their parameters, and leaves the others alone', () => {
    expect(merged['/contacts/{contact_id}'].get.parameters).toEqual([{ in: 'path', name: 'contact_id', example: 'con_1' }, { $ref: '#/components/parameters/SvcOrg' }]);
    expect(merged['/invoices'].get.parameters).toEqual([{ in: 'query', name: 'customer_id', example: 'con_1' }, { in: 'query', name: 'per_page' }]);
  });

  it('puts the answer on the recorded success status only', () => {
    const responses = merged['/contacts/{contact_id}'].get.responses;
    expect(responses[200].content['application/json']).toEqual({ example: { code: 0, contact: { contact_id: 'con_1' } } });
    expect(responses[404].content['application/json']).toEqual({});
  });

  it("puts an upload's recorded fields on its form", () => {
    expect(merged['/attachments'].post.requestBody.content['multipart/form-data']).toEqual({ example: { entity_type: 'INVOICE', file: '(the bytes)' } });
  });

  it('leaves an operation without a recorded example as it was', () => {
    expect(merged['/healthz']).toEqual(document().paths['/healthz']);
  });
});
