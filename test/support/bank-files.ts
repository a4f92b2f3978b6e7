import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { StatementFileError } from '../../src/modules/banking/statement.types';

/** A statement file of test/fixtures/bank. */
export function bankFile(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/bank/${name}`, import.meta.url));
}

/** Ten megabytes of bytes that are no statement: a hostile upload must be refused in well under a second. */
export function junk(): Buffer {
  const bytes = Buffer.alloc(10 * 1024 * 1024);
  let seed = 41;
  for (let i = 0; i < bytes.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = seed >> 16 & 0xff;
  }
  return bytes;
}

/**
 * That reading a file throws StatementFileError at `where`, with a message holding `message`. A
 * reader that hung on a hostile file would run into the test's timeout; speed is the benchmark's.
 */
export function expectFileError(read: () => unknown, where: string, message: string | RegExp = ''): void {
  let thrown: unknown = null;
  try {
    read();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(StatementFileError);
  expect((thrown as StatementFileError).where).toBe(where);
  expect((thrown as StatementFileError).message).toMatch(message);
}
