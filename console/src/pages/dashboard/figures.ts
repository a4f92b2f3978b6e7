import type { components } from '@bahi/sdk';

/** What GET /reports/dashboard answers: every figure the dashboard shows. */
export type DashboardFigures = components['schemas']['Dashboard'];
