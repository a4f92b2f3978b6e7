import { describe, expect, it } from 'vitest';
import { defaultBodyHtml, defaultSubject, escapeHtml, formatAmount, type EmailableDocument } from './email-defaults.rules';

const invoice: EmailableDocument = { kind: 'invoice', number: 'INV-2026-27-001', customerName: 'Raman Traders', totalMinor: 11_800_000, currencyCode: 'INR' };

describe('defaultSubject', () => {
  it.each([
    ['invoice', 'INV-2026-27-001', 'Invoice INV-2026-27-001 from Acme Traders'],
    ['estimate', 'EST-000004', 'Estimate EST-000004 from Acme Traders'],
    ['credit_note', 'CN-000002', 'Credit Note CN-000002 from Acme Traders'],
  ] as const)('%s', (kind, number, subject) => {
    expect(defaultSubject({ ...invoice, kind, number }, 'Acme Traders')).toBe(subject);
  });
});

describe('formatAmount', () => {
  it.each([
    [0, 'INR', '₹0.00'],
    [5, 'INR', '₹0.05'],
    [100_050, 'INR', '₹1,000.50'],
    [11_800_000, 'INR', '₹1,18,000.00'],
    [1_234_567_890_12, 'INR', '₹1,23,45,67,890.12'],
    [-25_000, 'INR', '-₹250.00'],
    [123_456_789, 'USD', '$12,34,567.89'],
  ])('%d %s → %s', (minor, currency, text) => {
    expect(formatAmount(minor, currency)).toBe(text);
  });
});

describe('defaultBodyHtml', () => {
  it('greets the customer and names the document, the organisation and the total', () => {
    expect(defaultBodyHtml(invoice, 'Acme Traders', true)).toBe([
      '<p>Dear Raman Traders,</p>',
      '<p>Please find attached invoice <strong>INV-2026-27-001</strong> from Acme Traders, for a total of <strong>₹1,18,000.00</strong>.</p>',
      '<p>If you have any questions, simply reply to this email.</p>',
      '<p>Regards,<br>Acme Traders</p>',
    ].join('\n'));
  });

  it('does not speak of an attachment when there is none', () => {
    const html = defaultBodyHtml({ ...invoice, kind: 'estimate', number: 'EST-000001' }, 'Acme', false);
    expect(html).toContain('<p>This is estimate <strong>EST-000001</strong> from Acme');
    expect(html).not.toContain('attached');
  });

  it('escapes every value it puts in the HTML', () => {
    const html = defaultBodyHtml({ ...invoice, customerName: '<img src=x onerror=alert(1)>', number: 'A&B"1' }, 'Tom & "Jerry" <Ltd>', true);
    expect(html).toContain('Dear &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).toContain('<strong>A&amp;B&quot;1</strong>');
    expect(html).toContain('from Tom &amp; &quot;Jerry&quot; &lt;Ltd&gt;,');
    expect(html).not.toContain('<img');
  });

  it("escapeHtml covers the five characters HTML gives meaning", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
