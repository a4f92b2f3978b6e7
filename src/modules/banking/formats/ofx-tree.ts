import { StatementFileError } from '../statement.types';

/** An OFX element: an aggregate holds children, a leaf holds text (docs/rules/banking.md, "OFX, camt.053 and MT940"). */
export interface OfxElement {
  name: string;
  text: string | null;
  children: OfxElement[];
}

/** OFX nests a statement about ten deep; a file nesting far deeper is hostile, not a statement. */
const MAX_DEPTH = 40;

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9._:-]*)([^<>]*)>/y;

/**
 * Reads the body of an OFX file, 1.x (SGML: a leaf's end tag is optional) or 2.x (XML), into its
 * element tree, starting at `offset`. One rule covers both: an element followed by text is a leaf,
 * closed by its own end tag or by the next tag; an aggregate must be closed by its end tag.
 * Declarations (DOCTYPE, ENTITY) are refused, so no entity is ever expanded beyond the five of XML
 * and character references; comments and processing instructions are skipped. Linear in the file's size.
 */
export function readOfxTree(text: string, offset: number): OfxElement {
  const stack: OfxElement[] = [];
  let root: OfxElement | null = null;
  let at = offset;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    const chunk = text.slice(at, open === -1 ? text.length : open);
    if (chunk.trim() !== '') takeText(stack, chunk);
    if (open === -1) break;
    at = skipMarkup(text, open, stack) ?? readTag(text, open, stack, (element) => {
      if (root !== null) throw new StatementFileError(pathOf(stack), `a second root element <${element.name}> after </${root.name}>`);
      root = element;
    });
  }
  if (stack.length > 0) throw new StatementFileError(pathOf(stack), `the file ends before </${stack[stack.length - 1]!.name}>`);
  if (root === null) throw new StatementFileError('OFX', 'the file holds no <OFX> element');
  return root;
}

function takeText(stack: OfxElement[], chunk: string): void {
  const top = stack[stack.length - 1];
  if (top === undefined) throw new StatementFileError('OFX', 'text outside the <OFX> element');
  if (top.children.length > 0 || top.text !== null) throw new StatementFileError(pathOf(stack), 'text among the elements of an aggregate');
  top.text = decodeReferences(chunk.trim());
}

/** Comments, processing instructions and CDATA; the index after them, or null when `<` opens a tag. */
function skipMarkup(text: string, open: number, stack: OfxElement[]): number | null {
  const kinds: [string, string][] = [['<!--', '-->'], ['<?', '?>'], ['<![CDATA[', ']]>']];
  for (const [start, end] of kinds) {
    if (!text.startsWith(start, open)) continue;
    const close = text.indexOf(end, open + start.length);
    if (close === -1) throw new StatementFileError(pathOf(stack), `the file ends inside ${start}`);
    const data = text.slice(open + start.length, close);
    if (start === '<![CDATA[' && data.trim() !== '') takeText(stack, data);
    return close + end.length;
  }
  if (text.startsWith('<!', open)) throw new StatementFileError(pathOf(stack), 'declarations (DOCTYPE, ENTITY) are not allowed in a statement');
  return null;
}

function readTag(text: string, open: number, stack: OfxElement[], setRoot: (element: OfxElement) => void): number {
  TAG.lastIndex = open;
  const tag = TAG.exec(text);
  if (tag === null) throw new StatementFileError(pathOf(stack), `"${text.slice(open, open + 20)}" is not a tag`);
  const [, slash, name = '', rest = ''] = tag;
  if (stack.length === 0 && !slash && name !== 'OFX') throw new StatementFileError(name, `the root element is <${name}>, not <OFX>`);
  if (rest.trim() !== '') throw new StatementFileError(pathOf(stack), `<${name}${rest}> carries attributes, which OFX elements never have`);
  const top = stack[stack.length - 1];
  // SGML: the next tag ends a leaf whose end tag was left out (OFX 1.x leaves are unclosed).
  if (top !== undefined && top.text !== null && !(slash && top.name === name)) stack.pop();
  if (slash) closeElement(stack, name);
  else openElement(stack, name, setRoot);
  return TAG.lastIndex;
}

function openElement(stack: OfxElement[], name: string, setRoot: (element: OfxElement) => void): void {
  if (stack.length >= MAX_DEPTH) throw new StatementFileError(pathOf(stack), `elements nested more than ${MAX_DEPTH} deep`);
  const element: OfxElement = { name, text: null, children: [] };
  const parent = stack[stack.length - 1];
  if (parent === undefined) setRoot(element);
  else parent.children.push(element);
  stack.push(element);
}

/** An end tag closes its element, and any empty leaves left open inside it; an unclosed aggregate is an error. */
function closeElement(stack: OfxElement[], name: string): void {
  const index = stack.map((e) => e.name).lastIndexOf(name);
  if (index === -1) throw new StatementFileError(pathOf(stack), `</${name}> closes no open element`);
  const unclosed = stack.slice(index + 1).find((e) => e.children.length > 0);
  if (unclosed !== undefined) throw new StatementFileError(pathOf(stack), `</${name}> before </${unclosed.name}>`);
  stack.length = index;
}

/** Where the reader is, for a message: the open elements, or OFX before the first and after the last. */
function pathOf(stack: readonly OfxElement[]): string {
  return stack.length === 0 ? 'OFX' : stack.map((e) => e.name).join('/');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0' };

/** XML's five entities and character references; any other `&` (M&S in a 1.x narration) is kept as written. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9A-Fa-f]{1,6}|#\d{1,7}|[a-z]+);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
