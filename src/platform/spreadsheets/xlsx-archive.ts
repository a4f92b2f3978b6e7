import { inflateRawSync } from 'node:zlib';
import { FileReadError } from '../../kernel/file-error';

/** What an XLSX upload may unpack to: a year of statement lines, or an import's rows, is tens of megabytes of XML. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const MAX_ENTRIES = 1_000;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

const refuse = (message: string) => new FileReadError('file', message);

/**
 * Checks an XLSX archive before the spreadsheet reader unpacks it, so that a zip bomb is
 * refused rather than inflated in memory: every entry of the central directory is inflated
 * here under the bytes still allowed (zlib's maxOutputLength stops it there), and the entries
 * must lie end to end from the start of the file to the directory, so that no local entry the
 * directory does not list can be unpacked either.
 */
export function assertSafeArchive(bytes: Buffer): void {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length || bytes.readUInt32LE(end) !== END_OF_DIRECTORY) throw refuse('the XLSX file is not a complete ZIP archive');
  const count = bytes.readUInt16LE(end + 10);
  const directoryAt = bytes.readUInt32LE(end + 16);
  if (count === 0 || count > MAX_ENTRIES) throw refuse('the XLSX archive holds no entries, or too many');
  let at = directoryAt;
  let expectedLocal = 0;
  let budget = MAX_UNPACKED_BYTES;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_HEADER) throw refuse('the XLSX archive\'s directory is damaged');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const localAt = bytes.readUInt32LE(at + 42);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (localAt !== expectedLocal || localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== LOCAL_HEADER) throw refuse('the XLSX archive\'s entries do not lie where its directory says');
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    const data = bytes.subarray(dataAt, dataAt + compressed);
    if (data.length !== compressed) throw refuse('the XLSX archive is cut short');
    budget -= unpackedSize(data, method, budget);
    expectedLocal = dataAt + compressed + (flags & 0x8 ? descriptorLength(bytes, dataAt + compressed) : 0);
  }
  if (expectedLocal !== directoryAt) throw refuse('the XLSX archive holds data its directory does not list');
}

/** An entry's size unpacked, inflating it under what is left of the allowance. */
function unpackedSize(data: Buffer, method: number, allowed: number): number {
  if (method === 0) {
    if (data.length > allowed) throw refuse(`the XLSX file unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`);
    return data.length;
  }
  if (method !== 8) throw refuse('the XLSX archive uses a compression other than deflate');
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(allowed, 1) }).length;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw refuse(`the XLSX file unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`);
    throw refuse('an entry of the XLSX archive is not valid deflate data');
  }
}

/** A data descriptor after an entry: 12 bytes, or 16 with its optional signature. */
const descriptorLength = (bytes: Buffer, at: number) => (at + 4 <= bytes.length && bytes.readUInt32LE(at) === 0x08074b50 ? 16 : 12);
