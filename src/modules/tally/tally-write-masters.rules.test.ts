import { describe, expect, it } from 'vitest';
import { accountLedger, partyLedger, stockItem } from './tally-write-masters.rules';
import { writeXml } from './tally-write-xml.rules';

const lines = (xml: string) => xml.split('\n').map((l) => l.trim()).filter(Boolean);

describe('Tally masters', () => {
  it("puts an account under its type's group with its opening, a debit negative; a GST account is a duty ledger", () => {
    expect(lines(writeXml(accountLedger({ name: 'Bank', account_type: 'BANK', system_key: 'bank', opening: 150000 })))).toEqual([
      '<LEDGER NAME="Bank" ACTION="Create">', '<NAME>Bank</NAME>', '<PARENT>Bank Accounts</PARENT>', '<OPENINGBALANCE>-1500.00</OPENINGBALANCE>', '</LEDGER>',
    ]);
    expect(lines(writeXml(accountLedger({ name: 'Output Cess', account_type: 'GST_LIABILITY', system_key: 'cess_output', opening: -2500 })))).toContain('<GSTDUTYHEAD>Cess</GSTDUTYHEAD>');
    expect(lines(writeXml(accountLedger({ name: 'TDS Payable', account_type: 'TDS_LIABILITY', system_key: 'tds_payable', opening: 0 })))).toContain('<TAXTYPE>Others</TAXTYPE>');
  });

  it('writes a vendor under Sundry Creditors, bill-wise, its state from the GSTIN when it names none', () => {
    const xml = lines(writeXml(partyLedger({ name: 'Kaveri', contact_type: 'VENDOR', gst_no: '29AAACR5055K1Z3', gst_treatment: 'REGISTERED', place_of_contact: null, opening: -41600 })));
    expect(xml).toEqual([
      '<LEDGER NAME="Kaveri" ACTION="Create">', '<NAME>Kaveri</NAME>', '<PARENT>Sundry Creditors</PARENT>', '<ISBILLWISEON>Yes</ISBILLWISEON>',
      '<GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE>', '<PARTYGSTIN>29AAACR5055K1Z3</PARTYGSTIN>', '<LEDSTATENAME>Karnataka</LEDSTATENAME>',
      '<COUNTRYOFRESIDENCE>India</COUNTRYOFRESIDENCE>', '<OPENINGBALANCE>416.00</OPENINGBALANCE>', '</LEDGER>',
    ]);
  });

  it("writes a stock item's rate split into halves exactly (0.25% → 0.125 each)", () => {
    const xml = lines(writeXml(stockItem({ name: 'Diamond', unit: 'GMS', hsn_sac: '7102', rate_centi: 25 })));
    expect(xml.filter((l) => l.startsWith('<GSTRATE>'))).toEqual(['<GSTRATE>0.125</GSTRATE>', '<GSTRATE>0.125</GSTRATE>', '<GSTRATE>0.25</GSTRATE>']);
    expect(xml).toContain('<BASEUNITS>GMS</BASEUNITS>');
  });

  it('says nothing of the rate of an item without a tax', () => {
    expect(lines(writeXml(stockItem({ name: 'Sand', unit: null, hsn_sac: '2505', rate_centi: null })))).toEqual([
      '<STOCKITEM NAME="Sand" ACTION="Create">', '<NAME>Sand</NAME>', '<GSTAPPLICABLE>Applicable</GSTAPPLICABLE>',
      '<GSTDETAILS.LIST>', '<HSNCODE>2505</HSNCODE>', '</GSTDETAILS.LIST>', '</STOCKITEM>',
    ]);
  });
});
