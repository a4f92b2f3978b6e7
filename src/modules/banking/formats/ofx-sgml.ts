import { MAX_DEPTH, nestedTooDeep, type Insertion, type XmlBody } from './statement-xml';

/** An OFX 1.x tag: OFX's SGML elements carry no attributes. */
const TAG = /<(\/?)([A-Za-z_][\w.-]*)\s*>/g;

/** XML refuses an `&` that starts no reference (`SUNIL & SONS`); SGML keeps it as text. */
const BARE_AMPERSAND = /&(?!#\d*;|#x[\dA-Fa-f]*;|\w{1,20};)/g;

/** Text of a leaf, read where its tag ends: something other than white space before the next markup. */
const LEAF_TEXT = /\s*[^\s<]/y;

/** Text inserted into the body before offset `at`. */
interface Edit {
  at: number;
  text: string;
}

interface OpenElement {
  name: string;
  /** Where its `>` is, to make it `/>` when it turns out to be empty. */
  tagEnd: number;
  hasText: boolean;
}

/**
 * An OFX 1.x (SGML) body written as the XML of OFX 2.x, by insertions only (OFX 1.0.2 specification,
 * "SGML"): an element holding text may leave out its end tag, which the next tag then implies, so
 * `</NAME>` is inserted after its text; an element left open with neither text nor end tag is an
 * empty leaf (`<MEMO>` and then `</STMTTRN>`), so it is closed where it opens (`<MEMO/>`) and what
 * followed it belongs to its parent; a bare `&` becomes `&amp;`. End tags a file does write are kept,
 * and any that closes nothing is left for the validator to name. `body` starts at the first `<`.
 */
export function sgmlAsXml(body: string, from: number): XmlBody {
  // The ampersands first: `&amp;` goes before an end tag inserted at the same place.
  const insertions: Edit[] = [...body.matchAll(BARE_AMPERSAND)].map((ampersand) => ({ at: ampersand.index + 1, text: 'amp;' }));
  const open: OpenElement[] = [];
  let textFrom = 0;
  for (const tag of body.matchAll(TAG)) {
    const [whole, slash, name = ''] = tag;
    const top = open[open.length - 1];
    if (top !== undefined && top.hasText && !(slash && top.name === name)) {
      insertions.push({ at: textFrom + body.slice(textFrom, tag.index).trimEnd().length, text: `</${top.name}>` });
      open.pop();
    }
    if (slash) closeElement(open, name, insertions);
    else {
      if (open.length >= MAX_DEPTH) throw nestedTooDeep(open.map((e) => e.name));
      open.push({ name, tagEnd: tag.index + whole.length - 1, hasText: false });
    }
    textFrom = tag.index + whole.length;
    LEAF_TEXT.lastIndex = textFrom;
    if (!slash) open[open.length - 1]!.hasText = LEAF_TEXT.test(body);
  }
  return written(body, from, insertions);
}

/** An end tag closes its element; those left open inside it were empty leaves. */
function closeElement(open: OpenElement[], name: string, insertions: Edit[]): void {
  const index = open.map((e) => e.name).lastIndexOf(name);
  if (index === -1) return;
  for (const emptyLeaf of open.splice(index).slice(1)) insertions.push({ at: emptyLeaf.tagEnd, text: '/' });
}

/** The body with its insertions made, and each insertion's place and length to name positions by. */
function written(body: string, from: number, insertions: Edit[]): XmlBody {
  insertions.sort((a, b) => a.at - b.at);
  let xml = '';
  let copied = 0;
  for (const { at, text } of insertions) {
    xml += body.slice(copied, at) + text;
    copied = at;
  }
  return { xml: xml + body.slice(copied), from, insertions: insertions.map(({ at, text }): Insertion => ({ at, length: text.length })) };
}
