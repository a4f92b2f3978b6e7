export { importRunner, IMPORT_BATCH_ROWS, type ImportRunner } from './import-runner';
export type { Created, ImportCreator, ImportCreators } from './import-unit-writer';
export type { ImportUnit, NameRef, ImportKind } from './import-unit';
export { importsRoutes } from './imports.routes';
export { importsService, type ImportsService } from './imports.service';
export { unitReaders, type FileUnits, type FormatReader, type UnitReaders } from './unit-readers';
