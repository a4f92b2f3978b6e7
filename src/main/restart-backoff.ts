import { exponentialBackoffMs } from '../kernel/backoff';

const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 60_000;

/**
 * How long the supervisor waits before starting again a serving process that died: 1 s, doubling
 * for each process of that role in a row that died before it listened (a database down for long,
 * a broken configuration), at most 60 s, so a crash at start does not spin. A process that
 * listened starts its role's count again, so one crash after hours of service is restarted in 1 s.
 */
export class RestartBackoff<Role extends string> {
  private readonly failedStarts = new Map<Role, number>();

  listened(role: Role): void {
    this.failedStarts.set(role, 0);
  }

  /** The pause before the next start of `role`, after one of its processes died (`hadListened`: after serving). */
  died(role: Role, hadListened: boolean): number {
    const failures = hadListened ? 0 : (this.failedStarts.get(role) ?? 0) + 1;
    this.failedStarts.set(role, failures);
    return exponentialBackoffMs(Math.max(1, failures), FIRST_RESTART_DELAY_MS, MAX_RESTART_DELAY_MS);
  }
}
