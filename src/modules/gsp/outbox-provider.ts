import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../kernel/clock';
import { bulkFileOf } from '../ewaybill';
import type { FileLabel, GspProvider } from './gsp.provider';

/** The outbox's two folders under BAHI_DATA_DIR: e-invoices (and their cancellations), and e-way bills beside them. */
export const EINVOICE_OUTBOX = path.join('einvoice', 'outbox');
export const EWAYBILL_OUTBOX = path.join('ewaybill', 'outbox');

/** A document number as part of a file name: anything but letters, digits and hyphens becomes "_" (INV/26/1 → INV_26_1). */
const safe = (text: string) => text.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 40);
/** 2026-06-15T06:00:00.123Z → 20260615T060000123Z: files of one document sort by when they were queued. */
const stampOf = (now: Date) => now.toISOString().replace(/[-:.]/g, '');
/** Requests of one document queued within one millisecond (a stopped clock): more than this is a fault. */
const MAX_SAME_NAME = 1000;

/**
 * The default provider (BAHI_EINVOICE_PROVIDER unset or `outbox`): nothing leaves the machine.
 * Each request is written as the file a person uploads on the portal, in the organisation's own
 * folder: `<BAHI_DATA_DIR>/einvoice/outbox/<org_id>/` holds IRP bulk-upload files (a JSON array
 * of schema 1.1 payloads) and Cancel IRN requests, `<BAHI_DATA_DIR>/ewaybill/outbox/<org_id>/`
 * e-way bill bulk-upload files and cancellations. A file is written under a temporary name and
 * linked to its own, so whoever collects them never reads half of one and none is overwritten. The answer is recorded afterwards
 * with PUT …/einvoice, or by voiding the document with the IRP's reason.
 */
export function outboxProvider(dataDir: string, clock: Clock): GspProvider {
  async function queue(folder: string, kind: string, label: FileLabel, content: unknown) {
    const dir = path.join(dataDir, folder, safe(label.orgId));
    const stem = `${kind}-${safe(label.documentNumber)}-${stampOf(clock.now())}`;
    const temporary = path.join(dir, `.${stem}.${randomBytes(6).toString('hex')}.tmp`);
    await fs.mkdir(dir, { recursive: true });
    try {
      await fs.writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { flag: 'wx' });
      // A link never replaces a file: a second request of the same moment takes the next free name.
      for (let n = 1; ; n++) {
        const fileName = n === 1 ? `${stem}.json` : `${stem}-${n}.json`;
        try {
          await fs.link(temporary, path.join(dir, fileName));
          return { kind: 'queued' as const, fileName };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= MAX_SAME_NAME) throw error;
        }
      }
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }
  return {
    name: 'outbox',
    generateIrn: (payload, label) => queue(EINVOICE_OUTBOX, 'irn', label, [payload]),
    cancelIrn: (request, label) => queue(EINVOICE_OUTBOX, 'irn-cancel', label, request),
    generateEWayBill: (ewaybill, label) => queue(EWAYBILL_OUTBOX, 'ewb', label, bulkFileOf([ewaybill])),
    cancelEWayBill: (request, label) => queue(EWAYBILL_OUTBOX, 'ewb-cancel', label, request),
    // The outbox never calls the IRP, so it is never told of a duplicate it would have to recover.
    irnDetails: async () => ({ kind: 'refused', errorCode: 'OUTBOX', message: 'The outbox does not call the IRP', infoDtls: [] }),
  };
}
