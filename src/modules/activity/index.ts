export { activityService, type ActivityService } from './activity.service';
export { activityRoutes, activityAliasRoutes, type ActivityAlias } from './activity.routes';
