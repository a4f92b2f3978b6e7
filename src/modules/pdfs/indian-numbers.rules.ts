/**
 * Amounts as an Indian document prints them: digits grouped 12,34,56,789.00 (lakh and crore),
 * and the total in words ("Rupees One Lakh Twenty Thousand and Fifty Paise Only").
 * Input is integer paise, as everywhere in Bahi.
 */

const ONES = [
  '', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99 → words. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const ones = n % 10;
  return ones === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]!}-${ONES[ones]!}`;
}

/** 1..999 → words. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]!} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A non-negative whole number in the Indian system: crore (10^7), lakh (10^5), thousand, hundred.
 * Above 99 crore the crore count is itself spelt the Indian way ("One Lakh Crore").
 */
export function integerInWords(n: number | bigint): string {
  if (typeof n === 'number' && !Number.isInteger(n)) throw new RangeError(`not a whole number: ${n}`);
  const value = BigInt(n);
  if (value < 0n) throw new RangeError(`not a non-negative whole number: ${n}`);
  if (value === 0n) return 'Zero';
  const parts: string[] = [];
  const crore = value / 10_000_000n;
  let rest = Number(value % 10_000_000n);
  if (crore > 0n) parts.push(`${integerInWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * Whole paise as an exact BigInt. Stored amounts are integers; beyond 2^53 a double is still an
 * integer (if no longer exact), and a document must print rather than fail.
 */
function wholePaise(paise: number): bigint {
  if (!Number.isInteger(paise)) throw new RangeError(`not a whole number of paise: ${paise}`);
  return BigInt(paise);
}

/** The currency's major and minor unit names; INR is the case a GST invoice needs. */
function unitNames(currencyCode: string): { major: string; minor: string } {
  return currencyCode === 'INR' ? { major: 'Rupees', minor: 'Paise' } : { major: currencyCode, minor: 'Cents' };
}

/** "Rupees Twelve Thousand Three Hundred Forty-Five and Sixty-Seven Paise Only". */
export function amountInWords(paise: number, currencyCode = 'INR'): string {
  const { major, minor } = unitNames(currencyCode);
  const value = wholePaise(paise);
  const sign = value < 0n ? 'Minus ' : '';
  const abs = value < 0n ? -value : value;
  const rupees = abs / 100n;
  const cents = abs % 100n;
  if (rupees === 0n && cents > 0n) return `${sign}${integerInWords(cents)} ${minor} Only`;
  const whole = `${sign}${major} ${integerInWords(rupees)}`;
  return cents === 0n ? `${whole} Only` : `${whole} and ${integerInWords(cents)} ${minor} Only`;
}

/** Groups whole rupees the Indian way: 1234567 → "12,34,567". */
function groupIndian(whole: bigint): string {
  const digits = whole.toString();
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${last3}`;
}

/** Paise → "12,34,567.80" (always two decimals; a leading minus for negatives). */
export function formatIndianAmount(paise: number): string {
  const value = wholePaise(paise);
  const abs = value < 0n ? -value : value;
  const text = `${groupIndian(abs / 100n)}.${(abs % 100n).toString().padStart(2, '0')}`;
  return value < 0n ? `-${text}` : text;
}

/** Paise with the currency: INR "₹12,34,567.80" (minus before the sign), others "USD 1,000.00". */
export function formatMoney(paise: number, currencyCode: string): string {
  const text = formatIndianAmount(paise);
  if (currencyCode !== 'INR') return `${currencyCode} ${text}`;
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** Quantity × 1000 → "2", "1.5", "0.125": no trailing zeros. */
export function formatQuantity(quantityMilli: number): string {
  const sign = quantityMilli < 0 ? '-' : '';
  const abs = Math.abs(quantityMilli);
  const fraction = String(abs % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 1000)}${fraction ? `.${fraction}` : ''}`;
}

/** Percent × 100 → "18", "2.5", "0.25". */
export function formatRate(rateCenti: number): string {
  const fraction = String(rateCenti % 100).padStart(2, '0').replace(/0+$/, '');
  return `${Math.floor(rateCenti / 100)}${fraction ? `.${fraction}` : ''}`;
}
