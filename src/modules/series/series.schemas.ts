import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, LocalDateSchema, Query, Text } from '../../http/schema-kit';

export const SeriesListQuery = Query({
  branchId: Type.Optional(Id('branchId')),
  transactionDate: Type.Optional(LocalDateSchema),
});
export type SeriesListQuery = Static<typeof SeriesListQuery>;

export const NextNumberQuery = Query({
  series: Type.Optional(Text(50, 1)),
  branchId: Type.Optional(Id('branchId')),
  transactionDate: Type.Optional(LocalDateSchema),
});
export type NextNumberQuery = Static<typeof NextNumberQuery>;

export const CreateSeriesBody = Body({
  series_name: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' }),
  prefix: Type.String({ minLength: 0, maxLength: 10, pattern: '^[A-Za-z0-9/-]*$' }),
  label: Type.Optional(Text(100)),
  padding: Type.Integer({ minimum: 1, maximum: 10, default: 3 }),
  format_template: Type.String({ minLength: 5, maxLength: 60, default: '{prefix}{fy}-{num}' }),
  transaction_date: Type.Optional(LocalDateSchema),
  branch_id: Type.Optional(Id('branch_id')),
});
export type CreateSeriesBody = Static<typeof CreateSeriesBody>;
