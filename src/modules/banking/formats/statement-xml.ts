import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { StatementFileError } from '../statement.types';
import { decodeXmlReferences } from '../../../kernel/xml-references';

/**
 * An element as fast-xml-parser gives it: its text alone, or an object of its attributes (`@_Ccy`),
 * its text (`#text`) and its child elements, each name's list in file order.
 */
export type XmlElement = string | { readonly [key: string]: string | readonly XmlElement[] };

/** What the XML read was made from, so that an error names the place in the file. */
export interface XmlBody {
  /** The XML: the file from `from` on, or what an OFX 1.x file was written as (ofx-sgml.ts). */
  xml: string;
  /** Where the XML starts in the file. */
  from: number;
  /** The text inserted into the file to make the XML, in order: `at` is its offset in the file after `from`. */
  insertions: readonly Insertion[];
}

export interface Insertion {
  at: number;
  length: number;
}

/** Statements nest about ten deep; a file nesting far deeper is hostile, not a statement. */
export const MAX_DEPTH = 40;

const ATTRIBUTE_PREFIX = '@_';

/**
 * Every value stays text (amounts go from text to paise in amount-text.ts, never through a number);
 * no entity is expanded by the parser (declarations are refused before it runs, XML's five and
 * character references are decoded by `decodeXmlReferences`); every element is a list, so one entry
 * and many read alike; namespace prefixes are dropped from element names (camt.053 .02 to .08 differ
 * by namespace). `removeNSPrefix` would also drop the `xmlns` attributes that say which version a
 * camt.053 file is, so the prefix is dropped by `transformTagName` instead.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  transformTagName: localName,
  jPath: false,
  updateTag: (name, path) => {
    if (typeof path !== 'string' && path.getDepth() > MAX_DEPTH) throw nestedTooDeep(path.toArray().map(localName));
    return name;
  },
});

/**
 * Reads the statement XML whose root must be `root`: any DOCTYPE or ENTITY declaration is refused
 * first, so nothing is expanded and nothing outside the file is read; then the file is validated
 * (a malformed one is refused naming the line and column of its first problem, or the elements left
 * open when it ends); then parsed (docs/rules/banking.md, "OFX, camt.053 and MT940").
 */
export function readStatementXml(file: string, body: XmlBody, root: string): XmlElement {
  if (/<!(?!--|\[CDATA\[)/.test(body.xml)) throw new StatementFileError(root, 'declarations (DOCTYPE, ENTITY) are not allowed in a statement');
  const valid = XMLValidator.validate(body.xml);
  if (valid !== true) throw validationError(file, body, valid.err);
  const document = parse(body.xml, root);
  const [name = root, ...others] = Object.keys(document);
  if (name !== root) throw new StatementFileError(name, `the root element is <${name}>, not <${root}>`);
  const roots = document[name]!;
  if (others.length > 0 || roots.length > 1) throw new StatementFileError(root, `a second root element <${others[0] ?? root}>`);
  return roots[0]!;
}

function parse(xml: string, root: string): Record<string, XmlElement[]> {
  try {
    return parser.parse(xml) as Record<string, XmlElement[]>;
  } catch (error) {
    if (error instanceof StatementFileError) throw error;
    // The validator passes a few things the parser then refuses (an instruction left open at the end).
    throw new StatementFileError(root, `the file cannot be read: ${shorten((error as Error).message)}`);
  }
}

/** The elements at a path below `element`, in file order. */
export function descendants(element: XmlElement, path: readonly string[]): XmlElement[] {
  return path.reduce<XmlElement[]>((level, name) => level.flatMap((e) => childElements(e, name)), [element]);
}

/** The text of the first element at a path, null when it is absent or empty. */
export function leafText(element: XmlElement, path: readonly string[]): string | null {
  const found = descendants(element, path)[0];
  const text = found === undefined ? '' : textOf(found)?.trim() ?? '';
  return text === '' ? null : text;
}

/** An element's own text, null when it has none. */
export function textOf(element: XmlElement): string | null {
  const text = typeof element === 'string' ? element : element['#text'];
  return typeof text === 'string' ? decodeXmlReferences(text) : null;
}

/** An element's attributes by name (a namespace declaration keeps its `xmlns:` prefix). */
export function attributesOf(element: XmlElement): Record<string, string> {
  if (typeof element === 'string') return {};
  return Object.fromEntries(Object.entries(element)
    .filter((entry): entry is [string, string] => entry[0].startsWith(ATTRIBUTE_PREFIX) && typeof entry[1] === 'string')
    .map(([name, value]) => [name.slice(ATTRIBUTE_PREFIX.length), decodeXmlReferences(value)]));
}

function childElements(element: XmlElement, name: string): readonly XmlElement[] {
  const children = typeof element === 'string' ? undefined : element[name];
  return Array.isArray(children) ? children : [];
}

/** `ns2:Document` is `Document`. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

export function nestedTooDeep(open: readonly string[]): StatementFileError {
  return new StatementFileError(open.slice(0, MAX_DEPTH).join('/'), `elements nested more than ${MAX_DEPTH} deep`);
}

/**
 * The validator's first problem, in the file's terms. A file that ends with elements open is named by
 * the path of those elements, as the parsers name every other place; any other problem by its line and
 * column in the file.
 */
function validationError(file: string, body: XmlBody, problem: { msg: string; line: number; col: number }): StatementFileError {
  const open = openElements(problem.msg);
  if (open !== null && open.length > MAX_DEPTH) return nestedTooDeep(open);
  if (open !== null) return new StatementFileError(open.join('/'), `the file ends before </${open[open.length - 1]}>`);
  const offset = body.from + fileOffset(offsetOf(body.xml, problem.line, problem.col), body.insertions);
  const before = file.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  // The validator's message may name another place in the XML's lines ("opened in line 1, col 26"), not the file's.
  return new StatementFileError(`line ${line}, column ${column}`, shorten(problem.msg.replace(/ \(opened in line \d+, col \d+\)/, '')));
}

/** The elements left open, from the validator's "Unclosed tag 'X'." or "Invalid '["A", "B"]' found."; null for any other problem. */
function openElements(message: string): string[] | null {
  const one = /^Unclosed tag '(.*)'\.$/s.exec(message);
  if (one) return [localName(one[1]!)];
  const many = /^Invalid '(\[.*\])' found\.$/s.exec(message);
  return many ? (JSON.parse(many[1]!) as string[]).map(localName) : null;
}

/** The offset of a line and column as the validator counts them: lines end at `\n`, columns from 1. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line && at !== -1; l++) at = text.indexOf('\n', at) + 1;
  return at + column - 1;
}

/** Where an offset of the XML is in the file it was made from: the text inserted before it is taken away. */
function fileOffset(xmlOffset: number, insertions: readonly Insertion[]): number {
  let inserted = 0;
  for (const { at, length } of insertions) {
    if (xmlOffset < at + inserted) break;
    if (xmlOffset < at + inserted + length) return at;
    inserted += length;
  }
  return xmlOffset - inserted;
}

/** Hostile files carry megabyte-long names: a message quotes only their start. */
function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
