import { invalidValue } from '../../kernel/errors';
import { financialYearLabel, type LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { documentNumberKey } from './document-number.rules';
import type { Gstr2bDocument, Gstr2bSection, SupplierDocumentType, TaxHeads } from './itc-documents';
import {
  codeOf, dateOf, gstinOf, listAt, objectAt, optionalDate, optionalPeriod, optionalText, paiseOf, textOf, type JsonObject,
} from './gstr2b-fields.rules';

/*
 * GSTR-2B as the portal publishes it (GSTN's GSTR-2B API; docs/rules/itc-reconciliation.md,
 * "GSTR-2B in"), mapped to one row per supplier document.
 */

export const GSTR2B_SECTIONS = ['b2b', 'b2ba', 'cdnr', 'cdnra', 'isd', 'isda', 'impg', 'impgsez'] as const;

/** What a file says of itself: whose 2B, which month, when generated, and how many files it came in. */
export interface Gstr2bHeader {
  gstin: string;
  /** MMYYYY. */
  period: string;
  generatedOn: LocalDate;
  version: string;
  /** `fc`: the number of files the month's 2B was split into; 1 when absent. */
  fileCount: number;
  /** `itcsumm` as JSON text, when this part carries it. */
  itcSummary: string | null;
}

/** One supplier document of a 2B file, amounts in paise: a document of the 2B before it is stored, and what the file adds. */
export interface Gstr2bRow extends Omit<Gstr2bDocument, 'id' | 'period'> {
  imsStatus: string | null;
  irn: string | null;
}

/** `data`'s own fields (its `docdata` streamed apart): refused at the first problem, by JSON path. */
export function gstr2bHeader(data: JsonObject): Gstr2bHeader {
  const period = optionalPeriod(data, 'rtnprd', 'data');
  if (period === null) throw invalidValue('data.rtnprd', 'data.rtnprd is required: the return period, MMYYYY');
  const fc = data.fc ?? 1;
  if (typeof fc !== 'number' || !Number.isInteger(fc) || fc < 1 || fc > 999) throw invalidValue('data.fc', 'data.fc must be a whole number of files, 1 or more');
  const summary = data.itcsumm;
  if (summary !== undefined && summary !== null) objectAt(summary, 'data.itcsumm');
  return {
    gstin: gstinOf(data, 'gstin', 'data'),
    period,
    generatedOn: dateOf(data, 'gendt', 'data'),
    version: optionalText(data, 'version', 'data') ?? '',
    fileCount: fc,
    itcSummary: summary === undefined || summary === null ? null : JSON.stringify(summary),
  };
}

/** A section's name, refused when the portal's format has no such section. */
export function gstr2bSection(name: string, path: string): Gstr2bSection {
  const section = GSTR2B_SECTIONS.find((s) => s === name);
  if (!section) throw invalidValue(path, `${path} is not a section of GSTR-2B: expected one of ${GSTR2B_SECTIONS.join(', ')}`);
  return section;
}

/** The supplier an entry of b2b, cdnr, isd (and their amendments) or impgsez is about. */
interface Supplier { gstin: string | null; name: string | null; period: string | null; filedOn: LocalDate | null }

/**
 * The heads of a document: summed over the older rate-wise `items`, or read from the
 * document itself where the IMS-era file puts them.
 */
function amountsOf(doc: JsonObject, path: string): TaxHeads & { taxableValue: Paise } {
  const sources = doc.items === undefined || doc.items === null ? [{ at: doc, path }] : listAt(doc, 'items', path).map((at, i) => ({ at, path: `${path}.items[${i}]` }));
  const sum = (key: string) => sources.reduce((total, s) => total + paiseOf(s.at, key, s.path), 0);
  return { taxableValue: sum('txval'), igst: sum('igst'), cgst: sum('cgst'), sgst: sum('sgst'), cess: sum('cess') };
}

/** The fields each section names differently. */
interface Shape {
  type: (doc: JsonObject, path: string) => SupplierDocumentType;
  number: string; date: string; originalNumber?: string; originalDate?: string;
}

const SHAPES: Record<'inv' | 'nt' | 'doclist' | 'boe', Shape> = {
  inv: { type: () => 'INV', number: 'inum', date: 'dt', originalNumber: 'oinum', originalDate: 'oidt' },
  nt: { type: (doc, path) => (codeOf(doc, 'typ', path, ['C', 'D']) === 'C' ? 'CN' : 'DN'), number: 'ntnum', date: 'dt', originalNumber: 'ontnum', originalDate: 'ontdt' },
  doclist: { type: (doc, path) => codeOf(doc, 'doctyp', path, ['ISDI', 'ISDC']), number: 'docnum', date: 'docdt', originalNumber: 'odocnum', originalDate: 'odocdt' },
  boe: { type: () => 'BOE', number: 'boenum', date: 'boedt' },
};

function documentRow(section: Gstr2bSection, rejected: boolean, supplier: Supplier, shape: Shape, doc: JsonObject, path: string): Gstr2bRow {
  const documentNumber = textOf(doc, shape.number, path);
  const documentDate = dateOf(doc, shape.date, path);
  const financialYear = financialYearLabel(documentDate);
  const amounts = amountsOf(doc, path);
  const value = doc.val === undefined ? amounts.taxableValue + amounts.igst + amounts.cgst + amounts.sgst + amounts.cess : paiseOf(doc, 'val', path);
  const pos = optionalText(doc, 'pos', path);
  if (pos !== null && !/^\d{2}$/.test(pos)) throw invalidValue(`${path}.pos`, `${path}.pos must be a two-digit state code`);
  return {
    section, rejected,
    supplierGstin: supplier.gstin, supplierName: supplier.name, supplierPeriod: supplier.period, supplierFiledOn: supplier.filedOn,
    documentType: shape.type(doc, path), documentNumber, numberKey: documentNumberKey(documentNumber, financialYear), documentDate, financialYear,
    originalNumber: shape.originalNumber ? optionalText(doc, shape.originalNumber, path) : null,
    originalDate: shape.originalDate ? optionalDate(doc, shape.originalDate, path) : null,
    placeOfSupply: pos,
    reverseCharge: codeOf(doc, 'rev', path, ['Y', 'N'], 'N') === 'Y',
    // ISD documents say `itcelg`; imports carry no flag: their credit is available.
    itcAvailable: codeOf(doc, shape === SHAPES.doclist ? 'itcelg' : 'itcavl', path, ['Y', 'N', 'T'], 'Y'),
    itcUnavailableReason: optionalText(doc, 'rsn', path),
    portCode: optionalText(doc, 'portcode', path),
    documentValue: value, ...amounts,
    imsStatus: optionalText(doc, 'imsStatus', path),
    irn: optionalText(doc, 'irn', path),
  };
}

const supplierOf = (entry: JsonObject, path: string): Supplier => ({
  gstin: gstinOf(entry, 'ctin', path), name: optionalText(entry, 'trdnm', path),
  period: optionalPeriod(entry, 'supprd', path), filedOn: optionalDate(entry, 'supfildt', path),
});

const LIST_OF: Record<Gstr2bSection, keyof typeof SHAPES | null> = {
  b2b: 'inv', b2ba: 'inv', cdnr: 'nt', cdnra: 'nt', isd: 'doclist', isda: 'doclist', impgsez: 'boe', impg: null,
};

/**
 * The documents of one entry of a section (`path` is the entry's, e.g. `data.docdata.b2b[3]`):
 * a supplier and its list, or for `impg` (goods imported from outside India, no supplier) the
 * Bill of Entry itself. `rejected`: the entry is in `docRejdata`.
 */
export function sectionEntryRows(section: Gstr2bSection, entry: unknown, path: string, rejected: boolean): Gstr2bRow[] {
  const object = objectAt(entry, path);
  const list = LIST_OF[section];
  const none: Supplier = { gstin: null, name: null, period: null, filedOn: null };
  if (list === null) return [documentRow(section, rejected, none, SHAPES.boe, object, path)];
  const supplier = supplierOf(object, path);
  return listAt(object, list, path).map((doc, i) => documentRow(section, rejected, supplier, SHAPES[list], doc, `${path}.${list}[${i}]`));
}
