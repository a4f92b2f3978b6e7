import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonText, serializeBody } from './json-text';

const serializedText = (body: Record<string, unknown>) => serializeBody(body).text;

describe('JsonText', () => {
  it('hands a response the form it holds, converting nothing', () => {
    expect(JsonText.fromText('{"a":"₹"}').payload).toBe('{"a":"₹"}');
    const bytes = Buffer.from('{"a":"₹"}');
    expect(JsonText.fromBytes(bytes).payload).toBe(bytes);
    expect(serializeBody({ code: 0, invoice: { a: 1 } }).payload).toBe('{"code":0,"invoice":{"a":1}}');
  });
});

describe('serializeBody', () => {
  it('splices JsonText values and array items in verbatim', () => {
    const body = { code: 0, message: 'ok', invoice: JsonText.of({ a: 1 }), invoices: [JsonText.of({ b: 'x"y' }), JsonText.of(null)], page: { n: 1 } };
    expect(serializedText(body)).toBe('{"code":0,"message":"ok","invoice":{"a":1},"invoices":[{"b":"x\\"y"},null],"page":{"n":1}}');
  });

  it('leaves out what JSON.stringify leaves out, and writes null for it in arrays', () => {
    expect(serializedText({ a: undefined, b: () => 1, c: [JsonText.of(1), undefined] })).toBe('{"c":[1,null]}');
  });

  it('splices views held as bytes into one buffer, multi-byte characters intact', () => {
    const body = { invoices: [JsonText.encoded({ name: 'Rāma ₹' }), JsonText.of({ n: 2 })], page: 1 };
    const json = serializeBody(body);
    expect(json.bytes.toString('utf8')).toBe('{"invoices":[{"name":"Rāma ₹"},{"n":2}],"page":1}');
    expect(json.text).toBe(JSON.stringify({ invoices: [{ name: 'Rāma ₹' }, { n: 2 }], page: 1 }));
    expect(serializeBody({ empty: [], n: null }).text).toBe('{"empty":[],"n":null}');
  });

  it('JsonText nested deeper serialises through toJSON to the value it stands for', () => {
    const body = { results: [{ ok: true, invoice: JsonText.of({ id: 'inv_1' }) }] };
    expect(JSON.parse(serializedText(body))).toEqual({ results: [{ ok: true, invoice: { id: 'inv_1' } }] });
  });

  it('equals JSON.stringify for any body without JsonText, and for the same body with its values pre-serialised', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (body) => {
      const expected = JSON.stringify(body);
      expect(serializedText(body)).toBe(expected);
      const preserialised = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v.map((item) => JsonText.of(item)) : JsonText.of(v)]));
      expect(serializedText(preserialised)).toBe(expected);
      const encoded = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v.map((item) => JsonText.encoded(item)) : JsonText.encoded(v)]));
      expect(serializeBody(encoded).bytes.toString('utf8')).toBe(expected);
    }));
  });

  it('answers a body spliced from the same views and text with the same bytes, and anything else afresh', () => {
    const views = [JsonText.encoded({ id: 'inv_1' }), JsonText.encoded({ id: 'inv_2' })];
    const first = serializeBody({ invoices: views, page_context: { has_more: true } });
    expect(serializeBody({ invoices: [...views], page_context: { has_more: true } }).bytes).toBe(first.bytes);

    const changed = [views[0]!, JsonText.encoded({ id: 'inv_2' })]; // same text, another view: a document that changed and back
    expect(serializeBody({ invoices: changed, page_context: { has_more: true } }).bytes).not.toBe(first.bytes);
    const moreBelow = serializeBody({ invoices: views, page_context: { has_more: false } });
    expect(moreBelow.text).toBe('{"invoices":[{"id":"inv_1"},{"id":"inv_2"}],"page_context":{"has_more":false}}');
    const reordered = serializeBody({ invoices: [views[1]!, views[0]!], page_context: { has_more: true } });
    expect(reordered.text).toBe('{"invoices":[{"id":"inv_2"},{"id":"inv_1"}],"page_context":{"has_more":true}}');
  });
});
