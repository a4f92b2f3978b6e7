import type { Page } from '../page';

export const documentsPages: Page[] = [];
