/**
 * Renders one sample invoice in every template to docs/pdf-templates/<template>.png (and .pdf
 * with KEEP_PDF=1), through the real HTTP API on a throwaway SQLite database. Needs pdftoppm
 * (poppler-utils). Run: npx tsx scripts/pdf-samples.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INVOICE_TEMPLATES } from '../src/modules/pdfs';
import { gstCustomer, gstInvoice, gstOrg } from '../test/support/gst-documents';
import { startTestApp } from '../test/support/test-app';

const out = path.resolve(import.meta.dirname, '../docs/pdf-templates');
fs.mkdirSync(out, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-pdf-samples-'));

const t = await startTestApp();
try {
  const org = await gstOrg(t);
  const prefs = await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundInvoiceTotals: true });
  if (prefs.status !== 200) throw new Error(`preferences: ${prefs.status}`);
  const customerId = await gstCustomer(org.api);
  const invoice = await gstInvoice(org.api, customerId, { auto_approve: true });
  for (const template of INVOICE_TEMPLATES) {
    const res = await fetch(`${t.baseUrl}/api/public/v1/invoices/${invoice.invoice_id}/pdf?template=${template}`, { headers: { authorization: `Bearer ${org.token}` } });
    if (res.status !== 200) throw new Error(`${template}: ${res.status} ${await res.text()}`);
    const pdf = path.join(work, `${template}.pdf`);
    fs.writeFileSync(pdf, Buffer.from(await res.arrayBuffer()));
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, path.join(out, template)]);
    if (process.env.KEEP_PDF === '1') fs.copyFileSync(pdf, path.join(out, `${template}.pdf`));
    console.log(`${template}: docs/pdf-templates/${template}.png`);
  }
} finally {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
}
