/**
 * Rendered PDFs by (organisation, kind, document id, version, template), least recently used
 * out first, bounded by total bytes. Per process: a document's version is in the key, so an
 * edit can never be answered from a stale entry, and a cold process just renders again
 * (docs/decisions.md "PDFs").
 */
export interface PdfCache {
  get(key: string): Buffer | undefined;
  set(key: string, bytes: Buffer): void;
}

export function lruPdfCache(maxBytes: number): PdfCache {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit) {
        // Map iteration order is insertion order: re-inserting marks the entry most recent.
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key, value) {
      if (value.length > maxBytes) return;
      const old = entries.get(key);
      if (old) {
        bytes -= old.length;
        entries.delete(key);
      }
      entries.set(key, value);
      bytes += value.length;
      for (const [oldest, buffer] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= buffer.length;
      }
    },
  };
}
