import type { EInvoice } from '../einvoice';
import type { EWayBill } from '../ewaybill';

/*
 * A GST Suvidha Provider as Bahi talks to it (docs/operations.md, "E-invoice and e-way bill
 * providers"): the IRP's and the e-way bill system's own calls and answers, field names and
 * error codes included, so that an adapter for any GSP only translates its transport. Bahi
 * ships no client that leaves the machine: the outbox writes files for a person to upload,
 * and the sandbox double answers in memory, for tests.
 */

/** The IRP's answer to Generate IRN (and to Get IRN details): its own fields; AckDt is India time, "YYYY-MM-DD HH:mm:ss". */
export interface IrnIssued {
  kind: 'issued';
  Irn: string;
  AckNo: string;
  AckDt: string;
  SignedInvoice: string;
  SignedQRCode: string;
  /** An e-way bill generated with the IRN, when the payload carried EwbDtls. */
  EwbNo?: string | null;
}

/** The call was not made: a file was written for a person to upload (the outbox). */
export interface Queued { kind: 'queued'; fileName: string }

/** One InfoDtls entry of an IRP answer: DUPIRN carries the IRN already issued for the document. */
export interface InfoDetail { InfCd: string; Desc: unknown }

/** The IRP or the e-way bill system refused the request: its error code (2150 duplicate IRN, …), message and InfoDtls. */
export interface Refused { kind: 'refused'; errorCode: string; message: string; infoDtls: InfoDetail[] }

/** The IRP's Cancel IRN request (irn.rules.ts cancellationPayload) and answer. */
export interface IrnCancellationRequest { Irn: string; CnlRsn: string; CnlRem: string }
export interface IrnCancelled { kind: 'cancelled'; Irn: string; CancelDate: string }

/** The e-way bill system's answers to Generate and Cancel; its dates are "DD/MM/YYYY hh:mm:ss AM". */
export interface EWayBillIssued { kind: 'issued'; ewayBillNo: string; ewayBillDate: string; validUpto: string | null }
export interface EWayBillCancellationRequest { ewbNo: string; cancelRsnCode: number; cancelRmrk: string }
export interface EWayBillCancelled { kind: 'cancelled'; ewayBillNo: string; cancelDate: string }

/** What names a queued file: the organisation (its own folder) and the document. */
export interface FileLabel { orgId: string; documentNumber: string }

export interface GspProvider {
  /** How /einvoice/generate answers name it. */
  readonly name: string;
  generateIrn(payload: EInvoice, label: FileLabel): Promise<IrnIssued | Queued | Refused>;
  /** The IRP's Get IRN details: how an IRN refused as a duplicate (2150) is recovered. */
  irnDetails(irn: string, label: FileLabel): Promise<IrnIssued | Refused>;
  cancelIrn(request: IrnCancellationRequest, label: FileLabel): Promise<IrnCancelled | Queued | Refused>;
  generateEWayBill(ewaybill: EWayBill, label: FileLabel): Promise<EWayBillIssued | Queued | Refused>;
  cancelEWayBill(request: EWayBillCancellationRequest, label: FileLabel): Promise<EWayBillCancelled | Queued | Refused>;
}

/** The IRP's code for a document whose IRN it already issued; the answer's InfoDtls (DUPIRN) holds that IRN. */
export const DUPLICATE_IRN = '2150';
