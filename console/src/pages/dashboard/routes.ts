import type { Page } from '../page';

export const dashboardPages: Page[] = [];
