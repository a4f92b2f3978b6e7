import type { Page } from '../page';

export const filingPages: Page[] = [];
