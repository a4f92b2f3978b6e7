import { Readable } from 'node:stream';
import { FileReply } from '../../http/route';

/** A CSV download streamed from its parts, as a report writes them page by page. */
export const csvReply = (name: string, parts: AsyncIterable<string>) =>
  new FileReply(Readable.from(parts), { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.csv"` });
