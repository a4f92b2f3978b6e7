/**
 * A first invoice through the SDK: a customer, an invoice at 18% GST in the branch's own state,
 * its payment, then every invoice of the organisation. Type-checked in `npm test`; run it
 * against a server with `BAHI_URL=http://127.0.0.1:8080 BAHI_TOKEN=bahi_pat_… npx tsx sdk/examples/first-invoice.ts`.
 */
import { BahiError, createClient } from '@bahi/sdk';

const bahi = createClient({ baseUrl: process.env.BAHI_URL ?? 'http://127.0.0.1:8080', token: process.env.BAHI_TOKEN ?? '' });

try {
  const { taxes } = await bahi.get('/taxes');
  const gst18 = taxes.find((tax) => tax.tax_percentage === 18);
  const { branches } = await bahi.get('/branches');
  const branch = branches.find((b) => b.is_default);
  if (!gst18 || !branch) throw new Error('the organisation has no GST 18% tax or no default branch');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()); // India's date

  const { contact } = await bahi.post('/contacts', {
    body: { contact_name: 'Kaveri Stores', contact_type: 'CUSTOMER', email: 'accounts@kaveri.example' },
  });

  const { invoice } = await bahi.post('/invoices', {
    body: {
      customer_id: contact.contact_id,
      date: today,
      place_of_supply: branch.state_code,
      auto_approve: true,
      line_items: [{ name: 'Filter coffee, 1 kg', quantity: 2, rate: 500, tax_id: gst18.tax_id }],
    },
  });

  const { payment } = await bahi.post('/payments', {
    body: {
      flow: 'INCOMING',
      contact_id: contact.contact_id,
      date: today,
      amount: invoice.total,
      mode: 'UPI',
      allocations: [{ invoice_id: invoice.invoice_id, amount: invoice.total }],
    },
  });
  console.log(`${invoice.invoice_number}: ${invoice.total} paid by ${payment.payment_id}`);

  for await (const each of bahi.list('/invoices', { params: { query: { per_page: 50 } } })) {
    console.log(each.invoice_number, each.status, each.balance);
  }
} catch (error) {
  if (!(error instanceof BahiError)) throw error;
  console.error(`${error.status} ${error.code}${error.field ? ` (${error.field})` : ''}: ${error.message} [request ${error.request_id}]`);
  process.exitCode = 1;
}
