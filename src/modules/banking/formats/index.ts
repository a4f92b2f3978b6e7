/** The statement formats read by a parser of their own, each a Buffer → ParsedStatement, throwing StatementFileError. */
export { parseOfx } from './ofx';
export { parseCamt053 } from './camt053';
export { parseMt940 } from './mt940';
export { amountTextToPaise } from './amount-text';
