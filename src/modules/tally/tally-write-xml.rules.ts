import { formatRupees, type Paise } from '../../kernel/money';
import type { LocalDate } from '../../kernel/local-date';

/*
 * The XML text Tally reads (docs/rules/tally.md, "Tally out"): UTF-8, one element a line, each
 * level one space deeper, as Tally's own exports are laid out.
 */

/**
 * Text as element content: the five characters XML gives meaning to are escaped, and the
 * characters XML 1.0 forbids (controls other than tab and line breaks, lone surrogates, U+FFFE,
 * U+FFFF) are dropped, so the file parses with any XML reader.
 */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A node of the file: an element with text, or with elements inside. */
export type XmlNode = { name: string; attributes?: Readonly<Record<string, string>>; text: string } | { name: string; attributes?: Readonly<Record<string, string>>; children: readonly XmlNode[] };

export const leaf = (name: string, text: string): XmlNode => ({ name, text });
export const branch = (name: string, children: readonly XmlNode[], attributes?: Readonly<Record<string, string>>): XmlNode =>
  (attributes ? { name, attributes, children } : { name, children });

/** The node and everything in it, `depth` spaces in, each line ending in a newline. */
export function writeXml(node: XmlNode, depth = 0): string {
  const indent = ' '.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {}).map(([k, v]) => ` ${k}="${xmlText(v)}"`).join('');
  if ('text' in node) return `${indent}<${node.name}${attributes}>${xmlText(node.text)}</${node.name}>\n`;
  return `${indent}<${node.name}${attributes}>\n${node.children.map((c) => writeXml(c, depth + 1)).join('')}${indent}</${node.name}>\n`;
}

/** An amount as Tally writes it: rupees with two decimals, negative for a debit. */
export const tallyAmount = (paise: Paise): string => formatRupees(paise);

/** A date as Tally writes it: YYYYMMDD. */
export const tallyDate = (date: LocalDate): string => date.replace(/-/g, '');

/** Yes or No, as Tally writes a logical field. */
export const tallyLogical = (value: boolean): string => (value ? 'Yes' : 'No');

/**
 * How the file begins: one import request whose report is Vouchers, the company's masters and
 * vouchers in one REQUESTDATA, masters first (docs/rules/tally.md, "Tally out": Tally's import of
 * vouchers also creates the masters carried before them, as its Day Book export with dependent
 * masters writes them). Every TALLYMESSAGE after this is written at depth 4.
 */
export function envelopeHead(company: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    ' <HEADER>',
    '  <TALLYREQUEST>Import Data</TALLYREQUEST>',
    ' </HEADER>',
    ' <BODY>',
    '  <IMPORTDATA>',
    '   <REQUESTDESC>',
    '    <REPORTNAME>Vouchers</REPORTNAME>',
    '    <STATICVARIABLES>',
    `     <SVCURRENTCOMPANY>${xmlText(company)}</SVCURRENTCOMPANY>`,
    '    </STATICVARIABLES>',
    '   </REQUESTDESC>',
    '   <REQUESTDATA>',
    '',
  ].join('\n');
}

export const ENVELOPE_TAIL = ['   </REQUESTDATA>', '  </IMPORTDATA>', ' </BODY>', '</ENVELOPE>', ''].join('\n');

/** One master or voucher in its TALLYMESSAGE, placed inside the envelope. */
export const tallyMessage = (object: XmlNode): string => writeXml(branch('TALLYMESSAGE', [object], { 'xmlns:UDF': 'TallyUDF' }), 4);
