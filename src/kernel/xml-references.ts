const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML's five entities and character references in text fast-xml-parser left as written (files
 * are parsed without entity expansion, so a hostile file cannot expand one); any other `&name;`
 * is kept as written.
 */
export function decodeXmlReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9A-Fa-f]{1,6}|#\d{1,7}|[a-z]+);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
