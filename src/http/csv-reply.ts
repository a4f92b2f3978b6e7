import { Readable } from 'node:stream';
import { FileReply } from './route';

/** A CSV download: the whole text, or its parts as a long report writes them page by page (streamed). */
export const csvReply = (name: string, csv: string | AsyncIterable<string>) =>
  new FileReply(typeof csv === 'string' ? Buffer.from(csv) : Readable.from(csv), {
    'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.csv"`,
  });
