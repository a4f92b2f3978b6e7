/**
 * Amounts as Indians read them: ₹ and lakh/crore grouping (₹1,23,45,678.50), negatives in
 * brackets as accounts show them. The API sends rupees with at most two decimals; the browser's
 * own Intl (en-IN) groups them, so no arithmetic is done on money here.
 */
const plain = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-IN');

/**
 * ₹1,23,456.00; (₹1,234.50) when negative. The sign and brackets are put on here: ICU's own
 * en-IN currency pattern groups in thousands in some builds, its decimal pattern in lakhs in all.
 */
export const formatRupees = (amount: number): string => {
  const figures = `₹${plain.format(Math.abs(amount))}`;
  return amount < 0 ? `(${figures})` : figures;
};

/** 1,23,456.00, without ₹ (for columns headed ₹). */
export const formatAmount = (amount: number): string => plain.format(amount);

/** Whole numbers (counts) with Indian grouping: 1,00,000. */
export const formatCount = (value: number): string => count.format(value);
