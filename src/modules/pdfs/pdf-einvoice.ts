import QRCode from 'qrcode';
import type { GstDocumentView } from './document-view';
import { Canvas, CONTENT_WIDTH, PAGE } from './pdf-canvas';

const QR_SIZE = 96;

/**
 * The e-invoice block of an invoice with an IRN (CGST Rule 48(4)): the QR code of the IRP's
 * signed text, which a scanner verifies offline, beside the IRN and its acknowledgement.
 */
export async function drawEInvoice(c: Canvas, einvoice: NonNullable<GstDocumentView['einvoice']>) {
  // Error correction M: the signed JWT is long, and M keeps the modules large enough to print.
  const png = await QRCode.toBuffer(einvoice.qrText, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 384 });
  c.ensure(QR_SIZE + 12);
  c.doc.image(png, PAGE.margin, c.y, { width: QR_SIZE, height: QR_SIZE });
  const x = PAGE.margin + QR_SIZE + 10;
  let y = c.y + 4;
  c.text('e-Invoice', x, y, { font: c.style.fonts.bold, size: 8.5, color: c.style.accent });
  y += 12;
  for (const line of einvoice.lines) y += c.text(line, x, y, { size: 7.5, width: CONTENT_WIDTH - QR_SIZE - 10 }) + 2;
  c.y += QR_SIZE + 12;
}
