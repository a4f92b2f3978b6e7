export { ledgerExports } from './exports.service';
export { exportsRoutes } from './exports.routes';
