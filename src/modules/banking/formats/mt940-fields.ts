import { StatementFileError } from '../statement.types';

/** A field of an MT940 message: its tag (`61`, `60F`), its text lines and the file line it starts on. */
export interface Mt940Field {
  tag: string;
  lines: string[];
  lineNumber: number;
}

const FIELD = /^:(\d{2}[A-Z]?):(.*)$/;
/** SWIFT's block wrapper: `{1:…}{2:…}{3:…}{4:` opens the text block, `-}` (with a `{5:…}` trailer) closes it. */
const BLOCK_HEADER = /^(?:\{[1-3]:(?:[^{}]|\{[^{}]*\})*\})*\{4:/;
const BLOCK_END = /^-\}?(\{5:.*)?$|^\{5:.*$/;

/**
 * The fields of an MT940 file, in order: a line starting `:NN[a]:` opens one, the lines after it
 * continue it (the narration of :86: runs to six). SWIFT block headers and trailers are skipped, so
 * files with and without the wrapper read alike; any other text outside a field is an error naming its line.
 */
export function mt940Fields(text: string): Mt940Field[] {
  const fields: Mt940Field[] = [];
  let current: Mt940Field | null = null;
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.replace(BLOCK_HEADER, '').trimEnd();
    if (line.trim() === '') return;
    if (BLOCK_END.test(line.trim())) {
      current = null;
      return;
    }
    const field = FIELD.exec(line);
    if (field !== null) {
      current = { tag: field[1]!, lines: [field[2]!], lineNumber };
      fields.push(current);
    } else if (current !== null) {
      current.lines.push(line);
    } else {
      throw new StatementFileError(`line ${lineNumber}`, `"${line.slice(0, 40)}" is not an MT940 field (:20:, :25:, :60F:, :61:, :86:, :62F: …)`);
    }
  });
  return fields;
}
