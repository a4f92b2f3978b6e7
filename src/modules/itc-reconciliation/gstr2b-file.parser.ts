import { StringDecoder } from 'node:string_decoder';
import { none } from 'stream-chain/defs.js';
import { jsonParser } from 'stream-json/core/parser.js';
import { DomainError, invalidValue } from '../../kernel/errors';
import { objectAt } from './gstr2b-fields.rules';
import { gstr2bHeader, gstr2bSection, sectionEntryRows, type Gstr2bHeader, type Gstr2bRow } from './gstr2b-file.rules';

/*
 * Reads a GSTR-2B file as it arrives (docs/rules/itc-reconciliation.md, "GSTR-2B in"): the
 * bytes go through a streaming JSON tokenizer, and only one entry of a section (one supplier
 * and its documents) is ever assembled as objects before it becomes rows. A month's file can be
 * tens of megabytes; nothing holds it whole.
 */

/** The largest file accepted: GSTN splits a month's 2B into several files (`fc`) well below this. */
export const MAX_GSTR2B_BYTES = 50 * 1024 * 1024;

/**
 * The tokenizer is fed this many characters at a time: a fault is reported at the path of the
 * last token read before it, so small slices keep that close to the fault.
 */
const SLICE = 256;

/** GSTN's format nests six levels deep (`data.itcsumm.itcavl.nonrevsup.b2b.igst`); far deeper is not a 2B, and would exhaust the stack when kept as JSON. */
const MAX_DEPTH = 16;

/** Where the sections' entries sit: `data.docdata.b2b[…]` and, rejected in IMS, `data.docRejdata.b2b[…]`. */
const SECTION_PARENTS: ReadonlyMap<string, boolean> = new Map([['data.docdata', false], ['data.docRejdata', true]]);

/** The keys every JSON body of the API refuses (http/json-body.ts): a prototype-poisoning attempt, never a 2B. */
function refuseProtoKey(key: string, objectPath: string): void {
  const constructorObject = objectPath === 'constructor' || objectPath.endsWith('.constructor');
  if (key === '__proto__' || (key === 'prototype' && constructorObject)) {
    throw invalidValue('body', 'The body may not contain a "__proto__" key or a "constructor" key holding "prototype"');
  }
}

type Container = Record<string, unknown> | unknown[];

interface Frame {
  path: string;
  value: Container;
  /** The key whose value comes next (objects). */
  key: string | null;
  /** Entries handed on instead of kept (a section's array): how many so far. */
  streamed: number;
  section: { name: ReturnType<typeof gstr2bSection>; rejected: boolean } | null;
}

export interface Gstr2bFile { header: Gstr2bHeader; rows: Gstr2bRow[] }

const tooLarge = (received: number) => new DomainError('validation.invalid_value', `The file is larger than ${MAX_GSTR2B_BYTES / 1024 / 1024} MB: upload the month's 2B in the parts the portal splits it into`, {
  field: 'body', status: 413, details: { max_bytes: MAX_GSTR2B_BYTES, received_bytes: received },
});

/** Assembles the token stream into the file's header objects and hands each section entry on as rows. */
class Assembler {
  readonly stack: Frame[] = [];
  root: unknown = undefined;
  readonly rows: Gstr2bRow[] = [];

  /** The JSON path of the value the next token starts. */
  where(): string {
    const top = this.stack.at(-1);
    if (!top) return 'body';
    if (Array.isArray(top.value)) return `${top.path}[${top.value.length + top.streamed}]`;
    if (top.key === null) return top.path || 'body';
    return top.path === '' ? top.key : `${top.path}.${top.key}`;
  }

  token(token: { name: string; value?: unknown }): void {
    switch (token.name) {
      case 'startObject': return this.open(Object.create(null) as Record<string, unknown>);
      case 'startArray': return this.open([]);
      case 'endObject': case 'endArray': return this.close();
      case 'keyValue': {
        const top = this.stack.at(-1)!;
        refuseProtoKey(token.value as string, top.path);
        top.key = token.value as string;
        return;
      }
      // Numbers come as their text: Number() of it is the double JSON.parse would give.
      case 'numberValue': return this.put(Number(token.value));
      case 'stringValue': case 'nullValue': case 'trueValue': case 'falseValue': return this.put(token.value);
    }
  }

  private open(value: Container): void {
    // The file's own object is the root of the paths: `data.gstin`, not `body.data.gstin`.
    const path = this.stack.length === 0 ? '' : this.where();
    if (path === '' && Array.isArray(value)) throw invalidValue('body', 'The body must be the GSTR-2B JSON file: an object with `data`');
    const parent = this.stack.at(-1);
    if (this.stack.length >= MAX_DEPTH) throw invalidValue(path, `${path} is nested deeper than GSTR-2B's format goes`);
    const rejected = parent ? SECTION_PARENTS.get(parent.path) : undefined;
    let section: Frame['section'] = null;
    if (rejected !== undefined) {
      section = { name: gstr2bSection(parent!.key!, path), rejected };
      if (!Array.isArray(value)) throw invalidValue(path, `${path} must be an array`);
    }
    this.stack.push({ path, value, key: null, streamed: 0, section });
  }

  private close(): void {
    const done = this.stack.pop()!;
    this.put(done.value, done.path || 'body');
  }

  private put(value: unknown, path = this.where()): void {
    const top = this.stack.at(-1);
    if (!top) {
      this.root = value;
    } else if (top.section) {
      // One by one: a supplier may have more documents than a call takes arguments.
      for (const row of sectionEntryRows(top.section.name, value, path, top.section.rejected)) this.rows.push(row);
      top.streamed += 1;
    } else if (Array.isArray(top.value)) {
      top.value.push(value);
    } else {
      if (SECTION_PARENTS.has(top.path)) {
        gstr2bSection(top.key!, path);
        if (value !== null && !Array.isArray(value)) throw invalidValue(path, `${path} must be an array`);
      }
      top.value[top.key!] = value;
    }
  }
}

/** Reads a 2B file from its bytes: the header checked and every document as a row; the first problem is a 400 naming its JSON path. */
export async function readGstr2bFile(bytes: AsyncIterable<Buffer | string> | Iterable<Buffer>): Promise<Gstr2bFile> {
  const tokenizer = jsonParser({ packValues: true, streamValues: false });
  const assembler = new Assembler();
  const decoder = new StringDecoder('utf8');
  let received = 0;
  let read = 0;
  const feed = (text: string | typeof none) => {
    try {
      const out = tokenizer(text as string);
      if (out !== none) for (const token of (out as { values: { name: string; value?: unknown }[] }).values) assembler.token(token);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      const at = assembler.where();
      // `body`, as every malformed JSON body is answered (docs/rules/errors-and-validation.md, "One rule for every endpoint"); where it broke is in the details.
      throw invalidValue('body', `The file is not valid JSON after ${at} (character ${read + 1} or later): ${(error as Error).message}`, { details: { path: at, after_character: read } });
    }
  };
  // Once refused, or past the limit, the rest is only counted: the request is read to its end so
  // that it can be answered (leaving the loop early would destroy the request, and the connection).
  let refusal: unknown = null;
  for await (const chunk of bytes) {
    received += chunk.length;
    if (refusal !== null || received > MAX_GSTR2B_BYTES) continue;
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    try {
      for (let i = 0; i < text.length; i += SLICE) {
        feed(text.slice(i, i + SLICE));
        read += Math.min(SLICE, text.length - i);
      }
    } catch (error) {
      refusal = error;
    }
  }
  if (received > MAX_GSTR2B_BYTES) throw tooLarge(received);
  if (refusal !== null) throw refusal;
  if (received === 0) throw invalidValue('body', 'The body is empty: send the GSTR-2B JSON file as the portal gives it');
  feed(decoder.end() + ' ');
  feed(none);
  const root = objectAt(assembler.root, 'body', 'the GSTR-2B JSON file, an object with `data`');
  const data = objectAt(root.data, 'data', "an object: the 2B's `gstin`, `rtnprd`, `gendt`, `docdata` …");
  objectAt(data.docdata, 'data.docdata', 'an object of sections (b2b, cdnr, impg …)');
  if (data.docRejdata !== undefined) objectAt(data.docRejdata, 'data.docRejdata', 'an object of sections');
  return { header: gstr2bHeader(data), rows: assembler.rows };
}
