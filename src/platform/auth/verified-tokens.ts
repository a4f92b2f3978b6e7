import { BoundedCache } from '../../kernel/bounded-cache';

/** How long a token found valid is trusted without reading it again: how late another server process learns of a revocation. */
export const TOKEN_RECHECK_MS = 1000;
const CAPACITY = 10_000;

/** A token is refused from its expiry on (ISO times, so they compare as strings); one without expiry never expires. */
export const hasExpired = (expiresAt: string | null, nowIso: string) => expiresAt !== null && expiresAt <= nowIso;

interface Verified<P> {
  principal: P;
  /** ISO time after which the token is refused, or null. */
  expiresAt: string | null;
  /** performance.now() when it was read. */
  readAt: number;
  /** The revocations counted when it was read: any since, and it is read again. */
  generation: number;
}

/**
 * Tokens recently found valid, by the hash of their secret. Every request presents one, and
 * reading it was a tenth of a single get's time (an indexed read of a few rows, through the
 * query layer, with its JSON parsed each time). A revocation in this process forgets them all
 * once it has committed; a revocation in another server process (several on one PostgreSQL
 * database) is seen here within TOKEN_RECHECK_MS, when the token is read again. Expiry is
 * checked on every use, against the service's clock.
 */
export class VerifiedTokens<P> {
  private readonly verified = new BoundedCache<string, Verified<P>>(CAPACITY);
  /** Counts revocations in this process: an entry read before the latest is stale, and so is a read that began before it. */
  private generation = 0;

  constructor(private readonly monotonicMs: () => number = () => performance.now()) {}

  /** The principal of a token read within TOKEN_RECHECK_MS and not expired at `nowIso`; undefined when it must be read. */
  find(hash: string, nowIso: string): P | undefined {
    const entry = this.verified.get(hash);
    if (!entry || entry.generation !== this.generation || this.monotonicMs() - entry.readAt >= TOKEN_RECHECK_MS) return undefined;
    if (hasExpired(entry.expiresAt, nowIso)) return undefined;
    return entry.principal;
  }

  /** Marks the start of a read of the token table; pass the mark to remember(). */
  beginRead(): number {
    return this.generation;
  }

  remember(hash: string, principal: P, expiresAt: string | null, readStartedAt: number): void {
    if (readStartedAt !== this.generation) return; // a token was revoked meanwhile: the row read may predate it
    this.verified.set(hash, { principal, expiresAt, readAt: this.monotonicMs(), generation: readStartedAt });
  }

  /** After a revocation has committed: every token is read again. */
  forgetAll(): void {
    this.generation += 1;
  }
}
