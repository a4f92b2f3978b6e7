export { dashboardService, type DashboardService } from './dashboard.service';
export { dashboardRoutes } from './dashboard.routes';
