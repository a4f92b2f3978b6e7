import { describe, expect, it } from 'vitest';
import {
  type ParentLine, assertDatedFromParent, assertFreeFormLines, assertTaxableUncredited, assertWithinCreditable, bindNoteLines, discountShare,
  unboundHsnOf, unboundTaxOf, unboundValueOnly,
} from './note-bindings.rules';

/** An invoice line: 3 units at ₹100.00 less ₹10.00 discount = ₹290.00 taxable, 18%. */
const parentLine: ParentLine = {
  line_item_id: 'li_1', item_id: 'itm_1', name: 'Widget', description: 'blue', hsn_or_sac: '8471', quantity_milli: 3000, unit: 'pcs',
  rate: 10_000, discount: 1_000, tax_id: 'tax_18', tax_rate_centi: 1800, item_total: 29_000,
  account_id: 'acc_sales',
};
const none = new Map<string, { quantityMilli: number; taxable: number }>();
const bind = (inputs: Record<string, unknown>[], credited = none) => bindNoteLines('invoice', [parentLine], credited, inputs);
const fault = (field: string, code = 'validation.invalid_value') => expect.objectContaining({ code, field });

describe('binding a note line to its invoice line', () => {
  it('a quantity takes the line’s rate, its share of the discount, its tax, HSN, item and account', () => {
    expect(bind([{ invoice_line_item_id: 'li_1', quantity: 1 }])).toEqual([{
      parentLineId: 'li_1', valueOnly: false, itemId: 'itm_1', name: 'Widget', description: 'blue', hsnOrSac: '8471', unit: 'pcs',
      taxId: 'tax_18', taxRateCenti: 1800, accountId: 'acc_sales', quantityMilli: 1000, ratePaise: 10_000, discountPaise: 333,
    }]);
  });

  it('an amount credits taxable value alone: one unit at that amount, no discount', () => {
    expect(bind([{ invoice_line_item_id: 'li_1', amount: 50.5 }])[0]).toMatchObject({ valueOnly: true, quantityMilli: 1000, ratePaise: 5_050, discountPaise: 0 });
  });

  it('refuses more than the quantity still uncredited, naming it, counting earlier notes and this note’s other lines', () => {
    expect(() => bind([{ invoice_line_item_id: 'li_1', quantity: 5 }])).toThrowError(expect.objectContaining({
      field: 'line_items[0].quantity', message: expect.stringContaining('only 3 of'), details: { uncredited_quantity: 3, requested: 5 },
    }));
    const twoCredited = new Map([['li_1', { quantityMilli: 2000, taxable: 19_334 }]]);
    expect(() => bind([{ invoice_line_item_id: 'li_1', quantity: 2 }], twoCredited)).toThrowError(fault('line_items[0].quantity'));
    expect(() => bind([{ invoice_line_item_id: 'li_1', quantity: 2 }, { invoice_line_item_id: 'li_1', quantity: 1.5 }])).toThrowError(fault('line_items[1].quantity'));
  });

  it('refuses more taxable value than is uncredited, as priced: an amount above it, or goods after a price revision took it', () => {
    const value = [{ parentLineId: 'li_1', valueOnly: true }];
    expect(() => assertTaxableUncredited('invoice', [parentLine], none, value, [29_000])).not.toThrow();
    expect(() => assertTaxableUncredited('invoice', [parentLine], none, value, [29_001])).toThrowError(expect.objectContaining({
      field: 'line_items[0].amount', details: { uncredited_taxable_value: 290, requested: 290.01 },
    }));
    const revised = new Map([['li_1', { quantityMilli: 0, taxable: 28_000 }]]);
    const goods = [{ parentLineId: 'li_1', valueOnly: false }];
    expect(() => assertTaxableUncredited('invoice', [parentLine], revised, goods, [9_667])).toThrowError(fault('line_items[0].quantity'));
    // Two lines of one note on the same parent line count together.
    expect(() => assertTaxableUncredited('invoice', [parentLine], none, [...value, ...value], [20_000, 9_001])).toThrowError(fault('line_items[1].amount'));
  });

  it('crediting every unit in parts takes back exactly the line’s discount', () => {
    expect(discountShare(parentLine, 0, 1000) + discountShare(parentLine, 1000, 1000) + discountShare(parentLine, 2000, 1000)).toBe(1_000);
    const [a, b] = bind([{ invoice_line_item_id: 'li_1', quantity: 1 }, { invoice_line_item_id: 'li_1', quantity: 2 }]);
    expect(a!.discountPaise + b!.discountPaise).toBe(1_000);
  });

  it('refuses another tax, HSN or item, and any rate or discount: those are the invoice line’s', () => {
    expect(() => bind([{ invoice_line_item_id: 'li_1', quantity: 1, tax_id: 'tax_28' }])).toThrowError(expect.objectContaining({
      field: 'line_items[0].tax_id', details: { invoice_line_tax_id: 'tax_18', tax_percentage: 18 },
    }));
    expect(bind([{ invoice_line_item_id: 'li_1', quantity: 1, tax_id: 'tax_18', hsn_or_sac: '8471' }])).toHaveLength(1);
    expect(() => bind([{ invoice_line_item_id: 'li_1', quantity: 1, hsn_or_sac: '9999' }])).toThrowError(fault('line_items[0].hsn_or_sac'));
    expect(() => bind([{ invoice_line_item_id: 'li_1', quantity: 1, rate: 90 }])).toThrowError(fault('line_items[0].rate'));
    expect(() => bind([{ invoice_line_item_id: 'li_1', quantity: 1, discount: 1 }])).toThrowError(fault('line_items[0].discount'));
  });

  it('needs the line named, one of this invoice’s, and quantity or amount but not both', () => {
    // A line naming no invoice line is unbound: left to the caller (unboundTaxOf, unboundHsnOf), never with a bare amount.
    expect(bind([{ name: 'Widget', quantity: 1, rate: 10 }])).toEqual([null]);
    expect(() => bind([{ name: 'Widget', amount: 10 }])).toThrowError(fault('line_items[0].amount'));
    expect(() => bind([{ bill_line_item_id: 'li_1', quantity: 1 }])).toThrowError(fault('line_items[0].bill_line_item_id'));
    expect(() => bind([{ invoice_line_item_id: 'li_other', quantity: 1 }])).toThrowError(fault('line_items[0].invoice_line_item_id'));
    expect(() => bind([{ invoice_line_item_id: 'li_1' }])).toThrowError(fault('line_items[0].quantity', 'validation.required_field'));
    expect(() => bind([{ invoice_line_item_id: 'li_1', quantity: 1, amount: 10 }])).toThrowError(fault('line_items[0].amount'));
  });
});

describe('a note and its parent', () => {
  it('a free-form note names no parent line and sends no bare amount', () => {
    expect(() => assertFreeFormLines([{ name: 'x', rate: 1 }])).not.toThrow();
    expect(() => assertFreeFormLines([{ name: 'x', rate: 1 }, { bill_line_item_id: 'li_1' }])).toThrowError(fault('line_items[1].bill_line_item_id'));
    expect(() => assertFreeFormLines([{ name: 'x', amount: 1 }])).toThrowError(fault('line_items[0].amount'));
  });

  it('is dated on or after its parent', () => {
    expect(() => assertDatedFromParent('invoice', '2026-06-10', '2026-06-10')).not.toThrow();
    expect(() => assertDatedFromParent('bill', '2026-06-09', '2026-06-10')).toThrowError(expect.objectContaining({ field: 'date', details: { bill_date: '2026-06-10' } }));
  });

  it('never takes the parent’s credited total above its total, naming what remains', () => {
    expect(() => assertWithinCreditable('invoice', 118_000, 100_000, 18_000)).not.toThrow();
    expect(() => assertWithinCreditable('invoice', 118_000, 100_000, 18_001)).toThrowError(expect.objectContaining({
      field: 'total', message: expect.stringContaining('180'), details: { remaining_creditable: 180, invoice_total: 1180, requested: 180.01 },
    }));
  });
});

describe('an unbound line on a note naming its parent', () => {
  const at = (tax_id: string | null, tax_rate_centi: number, hsn_or_sac: string | null) => ({ tax_id, tax_rate_centi, hsn_or_sac, unit: 'nos' });
  const single = [at('tax_18', 1800, '8471'), at('tax_18', 1800, '8471')];
  const mixed = [at('tax_18', 1800, '8471'), at('tax_28', 2800, '8415'), at('tax_28', 2800, '8418')];

  it('takes the parent’s only tax, or the one it names if the parent carries it; else 400 on its tax_id', () => {
    expect(unboundTaxOf('invoice', single, undefined, 0)).toBe('tax_18');
    expect(unboundTaxOf('invoice', mixed, 'tax_28', 0)).toBe('tax_28');
    expect(() => unboundTaxOf('invoice', mixed, undefined, 2)).toThrowError(expect.objectContaining({
      code: 'validation.required_field', field: 'line_items[2].tax_id', message: expect.stringContaining('18%, 28%'),
    }));
    expect(() => unboundTaxOf('bill', single, 'tax_5', 1)).toThrowError(expect.objectContaining({
      field: 'line_items[1].tax_id', details: { bill_taxes: [{ tax_id: 'tax_18', tax_percentage: 18 }] },
    }));
  });

  it('keeps its own HSN, else takes the code of the parent’s lines at its tax when they share one; else 400 on its hsn_or_sac', () => {
    expect(unboundHsnOf('invoice', mixed, 'tax_18', '8517', 0)).toEqual({ hsnOrSac: '8517' });
    expect(unboundHsnOf('invoice', mixed, 'tax_18', null, 0)).toEqual({ hsnOrSac: '8471', unit: 'nos' });
    expect(() => unboundHsnOf('invoice', mixed, 'tax_28', null, 1)).toThrowError(fault('line_items[1].hsn_or_sac', 'validation.required_field'));
    expect(() => unboundHsnOf('invoice', [at('tax_18', 1800, null)], 'tax_18', null, 0)).toThrowError(fault('line_items[0].hsn_or_sac', 'validation.required_field'));
  });

  it('takes goods back only when it names its item and restocks them; otherwise value alone', () => {
    expect(unboundValueOnly({ item_id: 'itm_1', restock: true })).toBe(false);
    expect(unboundValueOnly({ item_id: 'itm_1' })).toBe(true);
    expect(unboundValueOnly({ restock: true })).toBe(true);
  });
});
