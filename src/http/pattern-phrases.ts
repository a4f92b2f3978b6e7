import { UPI_VPA_PATTERN } from '../kernel/upi';
import { ID_PATTERN } from './schema-kit';

/*
 * What each `pattern` in the request schemas asks for, in words: a client is never shown a
 * regular expression. Keyed by the pattern's source as the schemas write it; a pattern missing
 * here falls back to the schema's description (validation-messages.ts).
 */
const PHRASES: Readonly<Record<string, string>> = {
  '^[^\\u0000]*$': 'must not contain the NUL character (\\u0000)',
  '^[^\\u0000]+$': 'must not be empty or contain the NUL character (\\u0000)',
  '^[^\\u0000-\\u001F\\u007F-\\u009F]+$': 'must not be empty or contain control characters',
  '^[^\\u0000-\\u001f\\u007f]*$': 'must not contain control characters (such as a line break)',
  [ID_PATTERN]: 'must be an id as the API returns it (letters, digits and _)',
  '^[0-9]{4,8}$': 'must be an HSN or SAC code of 4 to 8 digits',
  '^[A-Z_]+(,[A-Z_]+)*$': 'must be a capitalised value, or several separated by commas without spaces (such as BANK,CASH)',
  '^[A-Za-z0-9_-]+$': 'may contain only letters, digits, _ and -',
  '^[A-Za-z0-9/-]*$': 'may contain only letters, digits, / and -',
  '^[A-Za-z0-9/-]+$': 'must not be empty and may contain only letters, digits, / and -',
  '^[A-Z]{3}$': 'must be a three-letter ISO 4217 currency code in capitals, such as INR',
  '^[A-Za-z]{5}[0-9]{4}[A-Za-z]$': 'must be a PAN: 5 letters, 4 digits and a letter, such as AAPFU0939F',
  '^[0-9a-f]+$': 'must be lower-case hexadecimal (0-9, a-f)',
  [UPI_VPA_PATTERN]: 'must be a UPI id written name@bank, such as asha.traders@okicici',
};

/** The words for a pattern, or undefined when the pattern is not one the schemas use. */
export const patternPhrase = (pattern: string): string | undefined => PHRASES[pattern];
