/**
 * Calls with one key that arrive while a call for that key is running wait for it, then run
 * together as one batch, and so on until none is left waiting. Every batch starts after each
 * of its calls arrived, so each call's answer is as fresh as a call of its own would be; a
 * busy key costs one round trip per batch instead of one per call. `run` answers a batch's
 * items in their order.
 */
export function groupedByKey<T, R>(run: (key: string, batch: T[]) => Promise<R[]>): (key: string, item: T) => Promise<R> {
  interface Waiter { item: T; resolve(result: R): void; reject(error: unknown): void }
  const queues = new Map<string, Waiter[]>();

  async function drain(key: string, waiting: Waiter[]): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0);
      try {
        const results = await run(key, batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    queues.delete(key);
  }

  return (key, item) => new Promise<R>((resolve, reject) => {
    const waiter = { item, resolve, reject };
    const waiting = queues.get(key);
    if (waiting) {
      waiting.push(waiter);
      return;
    }
    const fresh = [waiter];
    queues.set(key, fresh);
    void drain(key, fresh);
  });
}
