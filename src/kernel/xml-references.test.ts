import { describe, expect, it } from 'vitest';
import { decodeXmlReferences } from './xml-references';

describe('decodeXmlReferences', () => {
  it("decodes XML's five entities and character references, decimal and hex", () => {
    expect(decodeXmlReferences('Duties &amp; Taxes &lt;&gt;&quot;&apos; &#8377;5 &#x20B9;6')).toBe('Duties & Taxes <>"\' ₹5 ₹6');
  });

  it('keeps an unknown entity and an impossible code point as written', () => {
    expect(decodeXmlReferences('&nbsp; &#0; &#x110000;')).toBe('&nbsp; &#0; &#x110000;');
  });
});
