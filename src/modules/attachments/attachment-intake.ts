import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { DomainError, invalidValue } from '../../kernel/errors';
import type { BlobStore, BlobWrite } from './blob-store';
import { decideContentType, SNIFF_BYTES, TextCheck } from './content-type.rules';

/** The spec's limit: 25 MB (26,214,400 bytes). */
export const MAX_ATTACHMENT_BYTES = 26_214_400;

/** A file written to the store and committed, not yet recorded. */
export interface StoredFile {
  key: string;
  contentType: string;
  size: number;
  sha256: string;
}

export const uploadFailed = (cause: unknown) =>
  Object.assign(new DomainError('storage.upload_failed', 'The file store did not accept the file; nothing was recorded, and it is safe to retry'), { cause });

const tooLarge = (received: number) =>
  new DomainError('validation.invalid_value', `The file is larger than ${MAX_ATTACHMENT_BYTES} bytes (25 MB)`, {
    field: 'file', status: 413, details: { max_bytes: MAX_ATTACHMENT_BYTES, received_bytes: received },
  });

/**
 * Streams one uploaded file into the store under `key`: the first bytes decide its type,
 * every byte is counted and hashed as it passes, and at most one chunk is held in memory
 * (the S3 store adds one part). The source is always read to its end, so the client's
 * request completes and it gets the answer; once the file is refused (over 25 MB, unknown
 * type, not text after all, the store failing) the rest is counted and dropped and the
 * staged write is aborted, so nothing of a refused file stays in the store.
 */
export async function intakeFile(source: AsyncIterable<Buffer>, store: BlobStore, key: string, filename: string): Promise<StoredFile> {
  const intake = new Intake(store, key, filename);
  try {
    for await (const chunk of source) await intake.take(chunk);
  } catch (error) {
    // The client went away or the form broke off mid-file: nothing of it may stay staged.
    await intake.abandon();
    throw error;
  }
  return intake.finish();
}

class Intake {
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private received = 0;
  private refusal: DomainError | null = null;
  private text: TextCheck | null = null;
  private write: BlobWrite | null = null;
  private contentType = '';

  constructor(private readonly store: BlobStore, private readonly key: string, private readonly filename: string) {}

  async take(chunk: Buffer): Promise<void> {
    this.received += chunk.length;
    if (this.refusal) return;
    if (this.received > MAX_ATTACHMENT_BYTES) return this.refuse(tooLarge(this.received));
    this.hash.update(chunk);
    if (!this.write) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) await this.start(false);
      return;
    }
    if (this.text && !this.text.accepts(chunk)) return this.refuse(invalidValue('file', 'The file was refused: it began as text but is not UTF-8 text throughout'));
    await this.stored(() => this.write!.write(chunk));
  }

  async finish(): Promise<StoredFile> {
    if (!this.refusal && !this.write) await this.start(true);
    if (!this.refusal && this.text && !this.text.finish()) await this.refuse(invalidValue('file', 'The file was refused: it ends inside a UTF-8 character'));
    if (!this.refusal) await this.stored(() => this.write!.commit());
    // The size is reported whole, counted past the point where storing stopped.
    if (this.refusal) throw this.refusal.status === 413 ? tooLarge(this.received) : this.refusal;
    return { key: this.key, contentType: this.contentType, size: this.received, sha256: this.hash.digest('hex') };
  }

  async abandon() {
    if (this.write) await this.refuse(invalidValue('file', 'The upload was interrupted'));
  }

  /** Decides the type from the head and opens the staged write with it; the head is written first. */
  private async start(complete: boolean) {
    const bytes = Buffer.concat(this.head);
    this.head = [];
    if (bytes.length === 0) return this.refuse(invalidValue('file', 'The file is empty'));
    const check = new TextCheck();
    const isText = check.accepts(bytes) && (!complete || check.finish());
    const decision = decideContentType((await fileTypeFromBuffer(bytes))?.mime, { isText, text: check.text }, this.filename);
    if (decision.kind === 'refused') return this.refuse(invalidValue('file', `The file was refused: ${decision.reason}`));
    if (decision.kind === 'text') this.text = check;
    this.contentType = decision.contentType;
    await this.stored(async () => {
      this.write = await this.store.begin(this.key, this.contentType);
      await this.write.write(bytes);
    });
  }

  /** A store step; its failure is the spec's 502, and the rest of the file is then only drained. */
  private async stored(step: () => Promise<void>) {
    try {
      await step();
    } catch (error) {
      await this.refuse(uploadFailed(error));
    }
  }

  private async refuse(error: DomainError) {
    this.refusal = error;
    const staged = this.write;
    this.write = null;
    // Best effort: a write the store already failed may not abort either; it was never committed.
    if (staged) await staged.abort().catch(() => {});
  }
}
