/*
 * A GSTR-2B file in GSTN's format (the portal's JSON download, as india_compliance's
 * test_gstr_2b.json shows it) from a compact description. Amounts are rupees as the file carries
 * them. A document with `rt` is written in the older rate-wise form (`items[]`); without it, the
 * IMS-era form with the heads on the document itself.
 */
type Json = Record<string, unknown>;

/** One invoice or note: `dt` is DD-MM-YYYY as on the portal. */
export interface Doc2b {
  inum?: string; ntnum?: string; typ?: 'C' | 'D'; dt: string; val?: number; pos?: string; rev?: 'Y' | 'N';
  itcavl?: 'Y' | 'N' | 'T'; rsn?: string; txval: number; igst?: number; cgst?: number; sgst?: number; cess?: number;
  /** Given: the rate-wise form, one item at this rate. */
  rt?: number;
  oinum?: string; oidt?: string; imsStatus?: string; irn?: string;
}

export interface Supplier2b { ctin: string; trdnm?: string; supfildt?: string; supprd?: string; inv?: Doc2b[]; nt?: Doc2b[] }

export interface Boe2b { boenum: string; boedt: string; portcode: string; txval: number; igst: number; cess?: number; refdt?: string; recdt?: string }

/** An Input Service Distributor's document: heads on the document, no taxable value. */
export interface Isd2b { doctyp?: 'ISDI' | 'ISDC'; docnum: string; docdt: string; igst?: number; cgst?: number; sgst?: number; cess?: number; itcelg?: 'Y' | 'N' }

export interface Sections2b {
  b2b?: Supplier2b[]; b2ba?: Supplier2b[]; cdnr?: Supplier2b[]; cdnra?: Supplier2b[]; impg?: Boe2b[];
  isd?: { ctin: string; trdnm?: string; supfildt?: string; supprd?: string; doclist: Isd2b[] }[];
  /** Goods from a SEZ unit: its GSTIN and its Bills of Entry. */
  impgsez?: { ctin: string; trdnm?: string; boe: Boe2b[] }[];
}

export interface File2b extends Sections2b {
  gstin: string;
  /** MMYYYY. */
  period: string;
  /** DD-MM-YYYY. */
  gendt: string;
  fc?: number;
  rejected?: Sections2b;
}

function doc(d: Doc2b): Json {
  const heads = { igst: d.igst ?? 0, cgst: d.cgst ?? 0, sgst: d.sgst ?? 0, cess: d.cess ?? 0 };
  const value = d.val ?? Math.round((d.txval + heads.igst + heads.cgst + heads.sgst + heads.cess) * 100) / 100;
  const { rt, txval, igst: _i, cgst: _c, sgst: _s, cess: _x, ...rest } = d;
  const amounts = rt === undefined ? { txval, ...heads } : { items: [{ num: 1, rt, txval, ...heads }] };
  return { typ: 'R', pos: '29', rev: 'N', itcavl: 'Y', ...rest, val: value, ...amounts };
}

const supplier = (s: Supplier2b): Json => ({
  ctin: s.ctin, trdnm: s.trdnm ?? 'Supplier', supfildt: s.supfildt ?? '11-05-2026', supprd: s.supprd ?? '042026',
  ...(s.inv && { inv: s.inv.map(doc) }), ...(s.nt && { nt: s.nt.map(doc) }),
});

const boe = (b: Boe2b): Json => ({ refdt: b.refdt ?? b.boedt, recdt: b.recdt ?? b.boedt, isamd: 'N', cess: 0, ...b });

function sections(s: Sections2b): Json {
  return {
    ...(s.b2b && { b2b: s.b2b.map(supplier) }), ...(s.b2ba && { b2ba: s.b2ba.map(supplier) }),
    ...(s.cdnr && { cdnr: s.cdnr.map(supplier) }), ...(s.cdnra && { cdnra: s.cdnra.map(supplier) }),
    ...(s.impg && { impg: s.impg.map(boe) }),
    ...(s.isd && { isd: s.isd.map((i) => ({ ...supplier(i), doclist: i.doclist.map((d) => ({ doctyp: 'ISDI', igst: 0, cgst: 0, sgst: 0, cess: 0, itcelg: 'Y', ...d })) })) }),
    ...(s.impgsez && { impgsez: s.impgsez.map((z) => ({ ctin: z.ctin, trdnm: z.trdnm ?? 'SEZ unit', boe: z.boe.map(boe) })) }),
  };
}

export function gstr2bFile(f: File2b): { chksum: string; data: Json } {
  return {
    chksum: 'ADFADRGA4GADFADGERER',
    data: {
      gstin: f.gstin, rtnprd: f.period, version: '1.0', gendt: f.gendt, ...(f.fc !== undefined && { fc: f.fc }),
      itcsumm: { itcavl: { nonrevsup: { igst: 0, cgst: 0, sgst: 0, cess: 0 } } },
      docdata: sections(f),
      ...(f.rejected && { docRejdata: sections(f.rejected) }),
    },
  };
}
