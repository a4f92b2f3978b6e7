import type { Db } from '../db/database';
import { DomainError } from '../kernel/errors';
import { FileReadError } from '../kernel/file-error';
import type { FormatReader } from '../modules/imports';
import { knownTallyMasters, readTallyExport } from '../modules/tally';

/**
 * The imports' reader of Tally exports: a vouchers file finds its parties and tax ledgers among
 * the masters the organisation's earlier Tally imports brought in. A file Tally's format cannot be
 * read from is refused whole, as a spreadsheet that cannot be read is.
 */
export function tallyImportReader(db: Db): FormatReader {
  return async (bytes, _kind, _mapping, orgId) => {
    const known = await knownTallyMasters(db, orgId);
    try {
      const { units, skipped } = readTallyExport(bytes, known);
      return { units, skipped };
    } catch (error) {
      if (error instanceof DomainError && error.field === 'file') throw new FileReadError('file', error.message);
      throw error;
    }
  };
}
