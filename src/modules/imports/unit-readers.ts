import { FileReadError } from '../../kernel/file-error';
import { csvRows } from '../../platform/spreadsheets/csv-rows';
import { xlsxRows } from '../../platform/spreadsheets/xlsx-rows';
import { IMPORT_KINDS, type ImportKind, type ImportUnit } from './import-unit';
import { sheetUnits } from './sheet-units.rules';

/** The file formats an import reads. */
export const IMPORT_FORMATS = ['csv', 'xlsx', 'tally_xml'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What a reader is given: the stored file, its organisation, its kind and its column mapping. */
export interface StoredFile {
  org_id: string;
  kind: string;
  format: string;
  content: string;
  mapping: string | null;
}

/** A record the file holds that the run leaves out on purpose (a cancelled Tally voucher), listed as skipped. */
export interface SkippedRecord {
  source: string;
  code: string;
  message: string;
}

/** What a file holds: the units to write, in order, and the records left out. */
export interface FileUnits {
  units: ImportUnit[];
  skipped: SkippedRecord[];
}

/**
 * A file format's reader into units; a Tally export's is given by the composition root. The
 * organisation is given so a vouchers file can find the ledgers its masters brought in earlier.
 */
export type FormatReader = (bytes: Buffer, kind: string, mapping: Readonly<Record<string, string>>, orgId: string) => Promise<FileUnits>;

const isKind = (kind: string): kind is ImportKind => (IMPORT_KINDS as readonly string[]).includes(kind);

const spreadsheet = (rowsOf: typeof xlsxRows): FormatReader => async (bytes, kind, mapping) => {
  if (!isKind(kind)) throw new FileReadError('kind', `${kind} is not a kind a spreadsheet can hold`);
  return { units: sheetUnits(await rowsOf(bytes), kind, mapping), skipped: [] };
};

/** The readers by format: CSV and XLSX here, tally_xml when the composition root gives one. */
export function unitReaders(tally?: FormatReader) {
  const readers: Partial<Record<ImportFormat, FormatReader>> = { csv: spreadsheet(async (bytes) => csvRows(bytes)), xlsx: spreadsheet(xlsxRows), tally_xml: tally };
  return {
    supports: (format: ImportFormat) => readers[format] !== undefined,
    /** The units of a file; FileReadError when it cannot be read at all. */
    async read(file: StoredFile): Promise<FileUnits> {
      const reader = readers[file.format as ImportFormat];
      if (!reader) throw new FileReadError('format', `this service reads no ${file.format} files`);
      const mapping = file.mapping === null ? {} : JSON.parse(file.mapping) as Record<string, string>;
      return reader(Buffer.from(file.content, 'base64'), file.kind, mapping, file.org_id);
    },
  };
}
export type UnitReaders = ReturnType<typeof unitReaders>;
