import { Type, type Static } from '@sinclair/typebox';
import { LocalDateSchema, Query } from '../../http/schema-kit';

export const TallyExportQuery = Query({
  from_date: Type.Optional(LocalDateSchema),
  to_date: Type.Optional(LocalDateSchema),
});
export type TallyExportQuery = Static<typeof TallyExportQuery>;

export const TALLY_MEDIA_TYPE = 'application/xml; charset=utf-8';
