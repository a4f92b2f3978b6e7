import { Type } from '@sinclair/typebox';
import { NullableOf } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { StringEnum } from '../../http/schema-kit';
import { SERIES_DOCUMENT_TYPES } from './series.rules';
import { ApplicableInvoiceSeries, CreateSeriesBody, InvoiceSeries, NextNumberQuery, SeriesListQuery } from './series.schemas';
import type { SeriesService } from './series.service';

const tags = ['Invoices'];

export function seriesRoutes(series: SeriesService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/invoices/series', operationId: 'listInvoiceSeries', summary: 'Invoice number series of a branch on a date', tags,
      access: 'Svc.invoices.READ', query: SeriesListQuery,
      response: {
        series: Type.Array(ApplicableInvoiceSeries),
        branchId: NullableOf(Type.String({ description: 'The branchId asked for; null when the default branch was used' })),
      },
      handle: ({ ctx, query }) => series.listSeries(ctx, query),
    }),
    route({
      method: 'GET', url: '/invoices/series/next-number', operationId: 'getNextInvoiceNumber', summary: 'The next number of a series (not consumed)', tags,
      access: 'Svc.invoices.READ', query: NextNumberQuery,
      // A number past Rule 46(b)'s 16 characters is conflict.series_exhausted, even on a peek.
      failsWith: [409],
      response: {
        next_number: Type.String(),
        series: Type.String({ description: 'The series name the number is of' }),
        branch_id: Type.String(),
        document_type: StringEnum(SERIES_DOCUMENT_TYPES),
      },
      handle: ({ ctx, query }) => series.nextNumber(ctx, query),
    }),
    route({
      method: 'POST', url: '/invoices/series', operationId: 'createInvoiceSeries', summary: 'Create a branch-scoped series for a financial-year period', tags,
      access: 'Svc.invoices.CREATE', body: CreateSeriesBody, status: 201, message: 'The series has been created.', response: { series: InvoiceSeries },
      handle: ({ ctx, body }) => series.createSeries(ctx, body),
    }),
  ];
}
