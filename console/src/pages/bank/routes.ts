import type { Page } from '../page';

export const bankPages: Page[] = [];
