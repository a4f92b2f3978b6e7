import { randomUUID } from 'node:crypto';

/** A multipart/form-data body written byte by byte, so tests control exactly what a filename carries (NUL, RTL override, paths). */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer | string; contentType?: string };

export function multipartBody(parts: readonly FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----bahi-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, '%22')}"\r\n`
        + `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`, 'utf8'));
      chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'));
      chunks.push(Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`, 'utf8'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Small files whose bytes say what they are. */
export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  html: Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script>Invoice</body></html>\n'),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 1)]),
};
