export { seriesService, type SeriesService, type NumberRequest } from './series.service';
export { seriesRoutes } from './series.routes';
