import fs from 'node:fs';

/** How the WAL reaches the disk; tests pass one that fails or waits. */
export type Fsync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

/**
 * fsync of the WAL file on libuv's thread pool. An fsync through any descriptor of a file
 * flushes all of its dirty pages, so our own read-only descriptor covers SQLite's writes.
 */
export class WalSync {
  private fd: number | null = null;

  constructor(private readonly walPath: string, private readonly fsync: Fsync) {}

  sync(): Promise<void> {
    // The WAL file exists from the first COMMIT on and stays while our connections are open.
    this.fd ??= fs.openSync(this.walPath, 'r');
    const fd = this.fd;
    return new Promise((resolve, reject) => this.fsync(fd, (error) => (error ? reject(error) : resolve())));
  }

  private next: Promise<void> | null = null;

  /**
   * An fsync that begins after the caller's read: it covers every COMMIT that read saw, whichever
   * process made it. The reads of one turn of the event loop share it.
   */
  syncAfter(): Promise<void> {
    this.next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.next = null;
      return this.sync();
    });
    return this.next;
  }

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}
