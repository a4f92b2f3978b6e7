import { toCsv } from '../../kernel/csv';
import type { ImportFormat } from './unit-readers';
import { TEMPLATES } from './import-templates.rules';
import type { ImportKind } from './import-unit';

/**
 * A file's format when the form does not say (docs/rules/imports.md, "Files"): its name's
 * extension, else its first bytes: a ZIP archive is XLSX, XML (UTF-8 or UTF-16) a Tally export,
 * anything else CSV.
 */
export function formatOf(fileName: string | null, bytes: Buffer): ImportFormat {
  const extension = /\.([a-z]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (extension === 'csv' || extension === 'txt') return 'csv';
  if (extension === 'xlsx') return 'xlsx';
  if (extension === 'xml') return 'tally_xml';
  if (bytes.subarray(0, 2).toString('latin1') === 'PK') return 'xlsx';
  const head = bytes.subarray(0, 8);
  const utf16 = head[0] === 0xff && head[1] === 0xfe;
  const text = utf16 ? new TextDecoder('utf-16le').decode(head.subarray(2)) : head.toString('utf8').replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? 'tally_xml' : 'csv';
}

/** GET /imports/templates/{kind}: the header row and an example row. */
export function templateCsv(kind: ImportKind): string {
  const columns = TEMPLATES[kind].columns;
  return toCsv(columns.map((c) => c.header), [Object.fromEntries(columns.map((c) => [c.header, c.example]))]);
}

export const ISSUE_COLUMNS = ['row', 'column', 'code', 'field', 'message', 'outcome'] as const;
