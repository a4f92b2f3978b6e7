import type { Tx } from '../../db/database';
import type { SealPurpose } from '../../kernel/secret-box';

/** One stored sealed value: what it is bound to (the associated data it was sealed with), and how to store it sealed again. */
export interface SealedValue {
  sealed: string;
  boundTo: string;
  replace(sealed: string): Promise<void>;
}

/**
 * A column of values sealed under the server secret, which the module owning it lists so that a
 * change of key re-seals them (sealing-key.ts): every such column must be listed in main/compose.ts.
 */
export interface SealedValues {
  /** What they are, for the start-up log. */
  name: string;
  purpose: SealPurpose;
  /** Every sealed value, read inside the re-sealing transaction. */
  read(tx: Tx): Promise<SealedValue[]>;
}
