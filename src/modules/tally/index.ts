export { tallyExports } from './tally-out.service';
export { tallyOutRoutes } from './tally-out.routes';
