/*
 * ExpDtls.CntCode is an ISO 3166-1 alpha-2 code (schema 1.1, "Country Code. Refer the master").
 * A contact's country is free text: a code, or a name. The names are those of ISO 3166-1 (as the
 * ISO Online Browsing Platform lists them) and their common English forms, for the countries
 * Indian exports mostly go to; any other country is sent when given by its code.
 */
const COUNTRY_CODES: Readonly<Record<string, string>> = {
  'UNITED STATES': 'US', 'UNITED STATES OF AMERICA': 'US', USA: 'US', 'U.S.A.': 'US', AMERICA: 'US',
  'UNITED KINGDOM': 'GB', 'GREAT BRITAIN': 'GB', BRITAIN: 'GB', ENGLAND: 'GB', UK: 'GB',
  'UNITED ARAB EMIRATES': 'AE', UAE: 'AE', 'SAUDI ARABIA': 'SA', QATAR: 'QA', OMAN: 'OM', KUWAIT: 'KW', BAHRAIN: 'BH', ISRAEL: 'IL', TURKEY: 'TR', 'TÜRKİYE': 'TR',
  GERMANY: 'DE', FRANCE: 'FR', NETHERLANDS: 'NL', 'THE NETHERLANDS': 'NL', HOLLAND: 'NL', BELGIUM: 'BE', ITALY: 'IT', SPAIN: 'ES', PORTUGAL: 'PT',
  SWITZERLAND: 'CH', AUSTRIA: 'AT', IRELAND: 'IE', SWEDEN: 'SE', NORWAY: 'NO', DENMARK: 'DK', FINLAND: 'FI', POLAND: 'PL', RUSSIA: 'RU', 'RUSSIAN FEDERATION': 'RU',
  CHINA: 'CN', "PEOPLE'S REPUBLIC OF CHINA": 'CN', JAPAN: 'JP', 'SOUTH KOREA': 'KR', 'KOREA, REPUBLIC OF': 'KR', 'HONG KONG': 'HK', TAIWAN: 'TW',
  SINGAPORE: 'SG', MALAYSIA: 'MY', INDONESIA: 'ID', THAILAND: 'TH', VIETNAM: 'VN', 'VIET NAM': 'VN', PHILIPPINES: 'PH',
  BANGLADESH: 'BD', NEPAL: 'NP', BHUTAN: 'BT', 'SRI LANKA': 'LK', MALDIVES: 'MV', MYANMAR: 'MM', AFGHANISTAN: 'AF', PAKISTAN: 'PK',
  AUSTRALIA: 'AU', 'NEW ZEALAND': 'NZ', CANADA: 'CA', MEXICO: 'MX', BRAZIL: 'BR', ARGENTINA: 'AR', CHILE: 'CL',
  'SOUTH AFRICA': 'ZA', NIGERIA: 'NG', KENYA: 'KE', EGYPT: 'EG', TANZANIA: 'TZ', ETHIOPIA: 'ET', GHANA: 'GH', MAURITIUS: 'MU',
};

/** The ISO 3166-1 alpha-2 code of a country given by its code or its name; null when neither is known. */
export function countryCodeOf(country: string | null): string | null {
  const text = (country ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  // A name first: UK is the United Kingdom's common name, its code being GB.
  return COUNTRY_CODES[text] ?? (/^[A-Z]{2}$/.test(text) ? text : null);
}
