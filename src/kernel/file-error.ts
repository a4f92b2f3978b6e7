/**
 * Where an uploaded file cannot be read: the line (CSV, XLSX row), path (XML) or part of the
 * first problem. Readers throw it; the upload answers 400 naming it and writes nothing.
 */
export class FileReadError extends Error {
  constructor(readonly where: string, message: string) {
    super(`${where}: ${message}`);
  }
}
