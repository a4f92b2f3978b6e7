import type { Row } from './kind';

/*
 * Reading a document's optional fields by name: the page shows whichever of them a kind's answer
 * has, so it cannot lean on one kind's type. A field of another type than asked reads as absent.
 */
export const textField = (row: Row, key: string): string | undefined => {
  const value = row[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const numberField = (row: Row, key: string): number | undefined => {
  const value = row[key];
  return typeof value === 'number' ? value : undefined;
};

export const rowField = (row: Row, key: string): Row | undefined => {
  const value = row[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : undefined;
};

export const rowsField = (row: Row, key: string): Row[] => {
  const value = row[key];
  return Array.isArray(value) ? (value as Row[]) : [];
};
