export { openingBalancesService, type OpeningBalancesService } from './opening-balances.service';
export { openingBalancesRoutes } from './opening-balances.routes';
export { OpeningBalancesBody } from './opening-balances.schemas';
export { isOpeningItem, notOpeningItem, openingItem } from './opening-items.sql';
