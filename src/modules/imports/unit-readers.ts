import { FileReadError } from '../../kernel/file-error';
import { csvRows } from '../../platform/spreadsheets/csv-rows';
import { xlsxRows } from '../../platform/spreadsheets/xlsx-rows';
import { IMPORT_KINDS, type ImportKind, type ImportUnit } from './import-unit';
import { sheetUnits } from './sheet-units.rules';

/** The file formats an import reads. */
export const IMPORT_FORMATS = ['csv', 'xlsx', 'tally_xml'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What a reader is given: the stored file, its kind and its column mapping. */
export interface StoredFile {
  kind: string;
  format: string;
  content: string;
  mapping: string | null;
}

/** A file format's reader into units; a Tally export's is given by its own module. */
export type FormatReader = (bytes: Buffer, kind: string, mapping: Readonly<Record<string, string>>) => Promise<ImportUnit[]>;

const isKind = (kind: string): kind is ImportKind => (IMPORT_KINDS as readonly string[]).includes(kind);

const spreadsheet = (rowsOf: typeof xlsxRows): FormatReader => async (bytes, kind, mapping) => {
  if (!isKind(kind)) throw new FileReadError('kind', `${kind} is not a kind a spreadsheet can hold`);
  return sheetUnits(await rowsOf(bytes), kind, mapping);
};

/** The readers by format: CSV and XLSX here, tally_xml when the composition root gives one. */
export function unitReaders(tally?: FormatReader) {
  const readers: Partial<Record<ImportFormat, FormatReader>> = { csv: spreadsheet(async (bytes) => csvRows(bytes)), xlsx: spreadsheet(xlsxRows), tally_xml: tally };
  return {
    supports: (format: ImportFormat) => readers[format] !== undefined,
    /** The units of a file; FileReadError when it cannot be read at all. */
    async read(file: StoredFile): Promise<ImportUnit[]> {
      const reader = readers[file.format as ImportFormat];
      if (!reader) throw new FileReadError('format', `this service reads no ${file.format} files`);
      const mapping = file.mapping === null ? {} : JSON.parse(file.mapping) as Record<string, string>;
      return reader(Buffer.from(file.content, 'base64'), file.kind, mapping);
    },
  };
}
export type UnitReaders = ReturnType<typeof unitReaders>;
