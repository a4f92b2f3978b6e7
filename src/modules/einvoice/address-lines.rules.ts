/*
 * An address as the IRP's two address lines take it (schema 1.1: Addr1 and Addr2, at most 100
 * characters each; docs/rules/einvoice-ewaybill.md, "What the IRP checks").
 */

/** The widest address line the IRP takes. */
export const ADDRESS_LINE_MAX = 100;

/** The text up to `width` characters, cut at the last space within it when there is one, and the rest. */
function cutAtWord(text: string, width: number): [string, string] {
  if (text.length <= width) return [text, ''];
  const space = text.lastIndexOf(' ', width);
  const at = space > 0 ? space : width;
  return [text.slice(0, at).trimEnd(), text.slice(at).trimStart()];
}

/**
 * The address lines: the first line is Addr1 and the rest, joined, Addr2, while each fits in
 * `width`; otherwise the whole address, joined, is cut at a word boundary into a first line of
 * at most `width` and the rest. Only an address longer than two lines hold leaves an Addr2 over
 * `width`, for the checks to report.
 */
export function addressLines(address: string | null, width = ADDRESS_LINE_MAX): { Addr1: string; Addr2: string | null } {
  const lines = (address ?? '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const [first = '', ...rest] = lines;
  const second = rest.join(', ');
  if (first.length <= width && second.length <= width) return { Addr1: first, Addr2: second === '' ? null : second };
  const [Addr1, Addr2] = cutAtWord(lines.join(', '), width);
  return { Addr1, Addr2: Addr2 === '' ? null : Addr2 };
}
