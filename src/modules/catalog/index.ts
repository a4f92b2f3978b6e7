export { catalogService, type CatalogService } from './catalog.service';
export { catalogRoutes } from './catalog.routes';
export { catalogRepository } from './catalog.repository';
export { assertAccountKind, INCOME_ACCOUNT_TYPES, PURCHASE_ACCOUNT_TYPES, type AccountKind } from './account-kinds.rules';
export { assertHsnDigits, hsnFormatFault, HSN_DIGITS, HSN_PATTERN, isSac, requiredHsnDigits, type HsnDigits } from './hsn.rules';
export { GST_UNITS, reportedUnit, SERVICE_UNIT } from './units.rules';
