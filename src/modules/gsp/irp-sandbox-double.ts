import type { Clock } from '../../kernel/clock';
import { addDays, istDateOf } from '../../kernel/local-date';
import { irnOfEInvoice, type EInvoice } from '../einvoice';
import type { EWayBill } from '../ewaybill';
import { DUPLICATE_IRN, type GspProvider, type IrnIssued, type Refused } from './gsp.provider';

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The e-way bill's validity: a day for every 200 km or part of it (CGST Rule 138(10), regular cargo). */
const KM_PER_DAY = 200;

/** India time as the IRP writes it: "2026-06-15 11:30:00". */
const irpTime = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
/** India time as the e-way bill system writes it: "15/06/2026 11:30:00 AM". */
function nicTime(isoDate: string, hhmmss: string) {
  const [h, m, s] = hhmmss.split(':').map(Number) as [number, number, number];
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)} ${String(twelve).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A JWT shaped as the IRP's (header.payload.signature): the double holds no NIC key, so its kid and signature say so. */
const unsignedJwt = (data: unknown) => [base64url({ alg: 'RS256', kid: 'bahi-irp-sandbox-double', typ: 'JWT' }), base64url({ data: JSON.stringify(data), iss: 'NIC Sandbox' }), base64url('not signed: a test double')].join('.');

interface Registered { issued: IrnIssued; ackAt: Date; cancelled: boolean }

/**
 * A stand-in for the IRP's and the e-way bill system's sandbox, for tests only: it is composed
 * through composeApp's overrides, never by configuration, and keeps what it issued in memory.
 * It answers as the sandbox documents: the IRN of GSTIN, financial year, type and number
 * (irn.rules.ts irnOf) with a 15-digit AckNo, India-time AckDt and signed-invoice and QR JWTs;
 * 2150 Duplicate IRN with InfoDtls (DUPIRN: AckNo, AckDt, Irn) for a document it already
 * registered; Cancel IRN within 24 hours of AckDt, else 2270; e-way bills numbered in 12 digits
 * valid for a day per 200 km, refused (604) for a document it already has one for.
 */
export function irpSandboxDouble(clock: Clock) {
  const irns = new Map<string, Registered>();
  const ewayBills = new Map<string, { no: string; cancelled: boolean }>();
  let serial = 0;
  const refused = (errorCode: string, message: string, infoDtls: Refused['infoDtls'] = []): Refused => ({ kind: 'refused', errorCode, message, infoDtls });

  const double = {
    name: 'irp-sandbox-double',
    async generateIrn(payload: EInvoice) {
      const { Dt, Typ, No } = payload.DocDtls;
      const Irn = irnOfEInvoice(payload);
      const known = irns.get(Irn);
      if (known) {
        return refused(DUPLICATE_IRN, 'Duplicate IRN', [{ InfCd: 'DUPIRN', Desc: { AckNo: Number(known.issued.AckNo), AckDt: known.issued.AckDt, Irn } }]);
      }
      const ackAt = clock.now();
      const AckNo = String(112_610_000_000_000 + ++serial);
      const AckDt = irpTime(ackAt);
      const first = payload.ItemList[0];
      const issued: IrnIssued = {
        kind: 'issued', Irn, AckNo, AckDt,
        SignedInvoice: unsignedJwt({ AckNo: Number(AckNo), AckDt, Irn, ...payload }),
        SignedQRCode: unsignedJwt({
          SellerGstin: payload.SellerDtls.Gstin, BuyerGstin: payload.BuyerDtls.Gstin, DocNo: No, DocTyp: Typ, DocDt: Dt,
          TotInvVal: payload.ValDtls.TotInvVal, ItemCnt: payload.ItemList.length, MainHsnCode: first?.HsnCd ?? '', Irn, IrnDt: AckDt,
        }),
        EwbNo: null,
      };
      irns.set(Irn, { issued, ackAt, cancelled: false });
      return issued;
    },
    async irnDetails(irn: string) {
      return irns.get(irn)?.issued ?? refused('2148', 'Requested IRN data is not available');
    },
    async cancelIrn(request: { Irn: string; CnlRsn: string; CnlRem: string }) {
      const known = irns.get(request.Irn);
      if (!known || known.cancelled) return refused('9999', 'Invoice is not active');
      const now = clock.now();
      if (now.getTime() - known.ackAt.getTime() > CANCEL_WINDOW_MS) return refused('2270', 'The allowed cancellation time limit is crossed, you cannot cancel the IRN');
      known.cancelled = true;
      return { kind: 'cancelled' as const, Irn: request.Irn, CancelDate: irpTime(now) };
    },
    async generateEWayBill(ewaybill: EWayBill) {
      const key = `${ewaybill.supplyType === 'O' ? ewaybill.fromGstin : ewaybill.toGstin}|${ewaybill.docType}|${ewaybill.docNo.toUpperCase()}`;
      if (ewayBills.get(key)?.cancelled === false) return refused('604', 'E-way bill(s) are already generated for the same document number, you cannot generate again on same document number');
      const no = String(391_000_000_000 + ++serial);
      ewayBills.set(key, { no, cancelled: false });
      const now = clock.now();
      const today = istDateOf(now);
      const days = Math.max(1, Math.ceil(Number(ewaybill.transDistance) / KM_PER_DAY));
      // Part B (a vehicle, or a rail, air or ship document) starts the validity; without it there is none yet.
      const partB = ewaybill.vehicleNo !== null || (ewaybill.transMode !== null && ewaybill.transMode !== '1');
      return {
        kind: 'issued' as const, ewayBillNo: no, ewayBillDate: nicTime(today, irpTime(now).slice(11)),
        validUpto: partB ? nicTime(addDays(today, days), '23:59:00') : null,
      };
    },
    async cancelEWayBill(request: { ewbNo: string }) {
      const entry = [...ewayBills.values()].find((e) => e.no === request.ewbNo);
      if (!entry || entry.cancelled) return refused('312', 'This eway bill is either not generated by you or cancelled');
      entry.cancelled = true;
      return { kind: 'cancelled' as const, ewayBillNo: request.ewbNo, cancelDate: nicTime(istDateOf(clock.now()), irpTime(clock.now()).slice(11)) };
    },
  } satisfies GspProvider;
  return double;
}
