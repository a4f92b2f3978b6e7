import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertGeneratedKey, type BlobStore, type BlobWrite } from './blob-store';

/** Waits for a write stream to drain or fail, leaving no listener behind either way. */
function drainedOrFailed(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      out.off('drain', settle);
      out.off('error', settle);
      resolve();
    };
    out.once('drain', settle);
    out.once('error', settle);
  });
}

/**
 * Files under one directory (default `<data dir>/files`): `<org_id>/<attachment_id>`. A write
 * goes to `.staging/` and is renamed into place on commit (atomic on one file system), so a
 * half-written or refused upload is never visible under its key. Downloads are served by
 * the service behind its own signed links.
 */
export function localBlobStore(root: string): BlobStore {
  const staging = path.join(root, '.staging');
  const pathOf = (key: string) => {
    assertGeneratedKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async begin(key) {
      const target = pathOf(key);
      await fs.promises.mkdir(staging, { recursive: true });
      const temp = path.join(staging, `${randomUUID()}.part`);
      const out = fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 });
      await once(out, 'open');
      let failure: Error | null = null;
      out.on('error', (error) => { failure = error; });
      const closed = () => new Promise<void>((resolve) => (out.closed ? resolve() : out.once('close', () => resolve())));

      const write: BlobWrite = {
        async write(chunk) {
          if (failure) throw failure;
          if (!out.write(chunk)) await drainedOrFailed(out);
          if (failure) throw failure;
        },
        async commit() {
          await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
          if (failure) throw failure;
          // On disk before the row that points at it commits (as that commit will be).
          await syncPath(temp);
          await fs.promises.mkdir(path.dirname(target), { recursive: true });
          await fs.promises.rename(temp, target);
          await syncPath(path.dirname(target));
        },
        async abort() {
          out.destroy();
          await closed();
          await fs.promises.rm(temp, { force: true });
        },
      };
      return write;
    },

    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },

    downloads: {
      kind: 'served',
      async open(key): Promise<Readable | null> {
        const stream = fs.createReadStream(pathOf(key));
        try {
          await once(stream, 'open');
          return stream;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
          throw error;
        }
      },
    },
  };
}

/** fsync of a file or a directory (a rename is durable once its directory is synced). */
async function syncPath(target: string) {
  const handle = await fs.promises.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
