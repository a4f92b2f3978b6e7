import type { Page } from '../page';

export const reportsPages: Page[] = [];
