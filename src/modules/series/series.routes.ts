import { route, type RouteDef } from '../../http/route';
import { CreateSeriesBody, NextNumberQuery, SeriesListQuery } from './series.schemas';
import type { SeriesService } from './series.service';

const tags = ['Invoices'];

export function seriesRoutes(series: SeriesService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/invoices/series', operationId: 'listInvoiceSeries', summary: 'Invoice number series of a branch on a date', tags,
      access: 'Svc.invoices.READ', query: SeriesListQuery,
      handle: ({ ctx, query }) => series.listSeries(ctx, query),
    }),
    route({
      method: 'GET', url: '/invoices/series/next-number', operationId: 'getNextInvoiceNumber', summary: 'The next number of a series (not consumed)', tags,
      access: 'Svc.invoices.READ', query: NextNumberQuery,
      handle: ({ ctx, query }) => series.nextNumber(ctx, query),
    }),
    route({
      method: 'POST', url: '/invoices/series', operationId: 'createInvoiceSeries', summary: 'Create a branch-scoped series for a financial-year period', tags,
      access: 'Svc.invoices.CREATE', body: CreateSeriesBody, status: 201, message: 'The series has been created.',
      handle: ({ ctx, body }) => series.createSeries(ctx, body),
    }),
  ];
}
