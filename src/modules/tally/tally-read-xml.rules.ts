import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { invalidValue } from '../../kernel/errors';
import { decodeXmlReferences } from '../../kernel/xml-references';

/** An element as the parser gives it: its text alone, or its attributes (`@_NAME`), text (`#text`) and child lists. */
export type TallyElement = string | { readonly [key: string]: string | readonly TallyElement[] };

/** Tally's exports nest about a dozen deep; a file far deeper is hostile, not an export. */
const MAX_DEPTH = 60;

/*
 * Values stay text (amounts go to paise digit by digit, tally-read-values.rules.ts); every element is
 * a list, so one entry and many read alike; entities are not expanded by the parser (declarations are
 * refused first) and references are decoded by `decode`.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  jPath: false,
  updateTag: (name, path) => {
    if (typeof path !== 'string' && path.getDepth() > MAX_DEPTH) throw invalidValue('file', `elements nested more than ${MAX_DEPTH} deep`);
    return name;
  },
});

/**
 * A Tally XML file's text: UTF-16LE when it starts with the byte-order mark FF FE (Tally's own
 * export), else UTF-8. Tally marks its primary groups' parent as `&#4; Primary`, a character XML 1.0
 * forbids: the reference (and the raw character) is taken out before the XML is read
 * (docs/rules/tally.md, "Tally in").
 */
export function tallyText(file: Buffer): string {
  const utf16 = file.length >= 2 && file[0] === 0xff && file[1] === 0xfe;
  const text = utf16 ? new TextDecoder('utf-16le').decode(file.subarray(2)) : new TextDecoder('utf-8').decode(file);
  return text.replace(/^\uFEFF/, '').replace(/&#(?:0*4|x0*4);|\u0004/gi, '');
}

/**
 * Reads a Tally XML file to its ENVELOPE. A malformed file is 400 on `field` naming the line and
 * column of its first problem; declarations (DOCTYPE, ENTITY) are refused so nothing is expanded.
 */
export function readTallyXml(file: Buffer, field: string): TallyElement {
  const xml = tallyText(file);
  if (/<!(?!--|\[CDATA\[)/.test(xml)) throw invalidValue(field, 'declarations (DOCTYPE, ENTITY) are not allowed in a Tally file');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw invalidValue(field, `line ${valid.err.line}, column ${valid.err.col}: ${shorten(valid.err.msg)}`);
  let document: Record<string, TallyElement[]>;
  try {
    document = parser.parse(xml) as Record<string, TallyElement[]>;
  } catch (error) {
    throw invalidValue(field, `the file cannot be read: ${shorten((error as Error).message)}`);
  }
  const envelope = document['ENVELOPE']?.[0];
  if (envelope === undefined) throw invalidValue(field, `the root element is <${Object.keys(document)[0] ?? 'none'}>, not <ENVELOPE>`);
  return envelope;
}

/** The child elements of one name. */
export function children(element: TallyElement, name: string): readonly TallyElement[] {
  const list = typeof element === 'string' ? undefined : element[name];
  return Array.isArray(list) ? list : [];
}

/** The elements at a path below `element`, in file order. */
export function descendants(element: TallyElement, path: readonly string[]): TallyElement[] {
  return path.reduce<TallyElement[]>((level, name) => level.flatMap((e) => children(e, name)), [element]);
}

/** The trimmed text of the first element at a path; null when absent or blank. */
export function textAt(element: TallyElement, ...path: string[]): string | null {
  const found = descendants(element, path)[0];
  const raw = found === undefined ? undefined : typeof found === 'string' ? found : found['#text'];
  const text = typeof raw === 'string' ? decodeXmlReferences(raw).trim() : '';
  return text === '' ? null : text;
}

/** An attribute's decoded value, null when absent or blank. */
export function attribute(element: TallyElement, name: string): string | null {
  const value = typeof element === 'string' ? undefined : element[`@_${name}`];
  const text = typeof value === 'string' ? decodeXmlReferences(value).trim() : '';
  return text === '' ? null : text;
}

/** Tally's Yes/No flags. */
export const isYes = (element: TallyElement, name: string) => textAt(element, name)?.toLowerCase() === 'yes';

/** A master's name: its NAME attribute, else its first NAME.LIST name (or LANGUAGENAME.LIST's). */
export function masterName(element: TallyElement): string | null {
  return attribute(element, 'NAME') ?? textAt(element, 'NAME.LIST', 'NAME') ?? textAt(element, 'LANGUAGENAME.LIST', 'NAME.LIST', 'NAME') ?? textAt(element, 'NAME');
}

/** Hostile files carry megabyte-long messages: only their start is quoted. */
const shorten = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
