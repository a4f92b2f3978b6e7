import type { Page } from '../page';

export const gstPages: Page[] = [];
