import { StatementFileError } from '../statement.types';

/** An element of a statement file: an aggregate holds children, a leaf holds text. */
export interface MarkupElement {
  /** The local name: a namespace prefix (`ns2:Document`) is dropped. */
  name: string;
  attributes: Record<string, string>;
  text: string | null;
  children: MarkupElement[];
}

export interface MarkupRules {
  /** The root element's name; a file with another is refused at its first tag. */
  root: string;
  /** OFX 1.x (SGML) leaves their end tags out: the next tag closes a leaf. In XML every element is closed. */
  unclosedLeaves: boolean;
  /** Statements nest about ten deep; a file nesting far deeper is hostile, not a statement. */
  maxDepth: number;
}

const TAG = /<(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Reads the elements of an OFX or camt.053 file from `offset` in one pass, linear in the file's size.
 * Declarations (DOCTYPE, ENTITY) are refused, so no entity is ever expanded beyond XML's five and
 * character references and nothing outside the file is read; comments and processing instructions
 * are skipped. An unclosed element, a stray end tag or text outside the root is an error naming the
 * path of open elements (docs/rules/banking.md, "OFX, camt.053 and MT940").
 */
export function readMarkupTree(text: string, offset: number, rules: MarkupRules): MarkupElement {
  const reader = new TreeReader(text, rules);
  return reader.read(offset);
}

class TreeReader {
  private readonly stack: MarkupElement[] = [];
  private root: MarkupElement | null = null;

  constructor(private readonly text: string, private readonly rules: MarkupRules) {}

  read(offset: number): MarkupElement {
    let at = offset;
    while (at < this.text.length) {
      const open = this.text.indexOf('<', at);
      const chunk = this.text.slice(at, open === -1 ? this.text.length : open);
      if (chunk.trim() !== '') this.takeText(decodeReferences(chunk.trim()));
      if (open === -1) break;
      at = this.skipMarkup(open) ?? this.readTag(open);
    }
    if (this.stack.length > 0) this.fail(`the file ends before </${this.top()!.name}>`);
    if (this.root === null) throw new StatementFileError(this.rules.root, `the file holds no <${this.rules.root}> element`);
    return this.root;
  }

  private takeText(value: string): void {
    const top = this.top();
    if (top === undefined) this.fail(`text outside the <${this.rules.root}> element`);
    if (top.children.length > 0 || top.text !== null) this.fail('text among the elements of an aggregate');
    top.text = value;
  }

  /** Comments, processing instructions and CDATA: the index after them, or null when `<` opens a tag. */
  private skipMarkup(open: number): number | null {
    for (const [start, end] of [['<!--', '-->'], ['<?', '?>'], ['<![CDATA[', ']]>']] as const) {
      if (!this.text.startsWith(start, open)) continue;
      const close = this.text.indexOf(end, open + start.length);
      if (close === -1) this.fail(`the file ends inside ${start}`);
      const data = this.text.slice(open + start.length, close);
      if (start === '<![CDATA[' && data.trim() !== '') this.takeText(data.trim());
      return close + end.length;
    }
    if (this.text.startsWith('<!', open)) this.fail('declarations (DOCTYPE, ENTITY) are not allowed in a statement');
    return null;
  }

  private readTag(open: number): number {
    TAG.lastIndex = open;
    const tag = TAG.exec(this.text);
    if (tag === null) this.fail(`"${this.text.slice(open, open + 20)}" is not a tag`);
    const [, slash, , name = '', attributes = '', selfClosing] = tag;
    if (this.root === null && this.stack.length === 0 && name !== this.rules.root) {
      throw new StatementFileError(name, `the root element is <${name}>, not <${this.rules.root}>`);
    }
    const top = this.top();
    // SGML: the next tag ends a leaf whose end tag was left out (OFX 1.x).
    if (this.rules.unclosedLeaves && top !== undefined && top.text !== null && !(slash && top.name === name)) this.stack.pop();
    if (slash) this.close(name);
    else this.open(name, attributes, selfClosing === '/');
    return TAG.lastIndex;
  }

  private open(name: string, attributeText: string, selfClosing: boolean): void {
    if (this.stack.length >= this.rules.maxDepth) this.fail(`elements nested more than ${this.rules.maxDepth} deep`);
    const parent = this.top();
    if (parent === undefined && this.root !== null) this.fail(`a second root element <${name}>`);
    if (parent?.text !== null && parent !== undefined) this.fail(`<${name}> inside the text of <${parent.name}>`);
    const element: MarkupElement = { name, attributes: attributesOf(attributeText), text: null, children: [] };
    if (parent === undefined) this.root = element;
    else parent.children.push(element);
    if (!selfClosing) this.stack.push(element);
  }

  /**
   * An end tag closes its element. In XML every element inside it must have been closed. In SGML an
   * element left open inside it was an empty leaf (`<MEMO>` with no text): what followed it belongs to
   * its parent, and is moved there.
   */
  private close(name: string): void {
    const index = this.stack.map((e) => e.name).lastIndexOf(name);
    if (index === -1) this.fail(`</${name}> closes no open element`);
    if (!this.rules.unclosedLeaves && index < this.stack.length - 1) this.fail(`</${name}> before </${this.top()!.name}>`);
    for (let i = this.stack.length - 1; i > index; i--) {
      const emptyLeaf = this.stack[i]!;
      this.stack[i - 1]!.children.push(...emptyLeaf.children.splice(0));
    }
    this.stack.length = index;
  }

  private top(): MarkupElement | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Where the reader is: the open elements, or the root's name before it opens and after it closes. */
  private fail(message: string): never {
    const where = this.stack.length === 0 ? this.rules.root : this.stack.map((e) => e.name).join('/');
    throw new StatementFileError(where, message);
  }
}

/** The elements at a path below `element`, in file order. */
export function descendants(element: MarkupElement, path: readonly string[]): MarkupElement[] {
  return path.reduce<MarkupElement[]>((level, name) => level.flatMap((e) => e.children.filter((c) => c.name === name)), [element]);
}

/** The text of the first leaf at a path, null when it is absent or empty. */
export function leafText(element: MarkupElement, path: readonly string[]): string | null {
  const text = descendants(element, path)[0]?.text?.trim() ?? '';
  return text === '' ? null : text;
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name = '', double, single] of text.matchAll(ATTRIBUTE)) attributes[name] = decodeReferences(double ?? single ?? '');
  return attributes;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five entities and character references; any other `&` (M&S in an OFX 1.x narration) is kept as written. */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9A-Fa-f]{1,6}|#\d{1,7}|[a-z]+);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
