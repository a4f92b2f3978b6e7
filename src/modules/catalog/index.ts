export { catalogService, type CatalogService } from './catalog.service';
export { catalogRoutes } from './catalog.routes';
export { catalogRepository } from './catalog.repository';
