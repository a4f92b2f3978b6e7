import type { BahiClient } from '@bahi/sdk';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Session } from './session';

export interface SignedIn {
  session: Session;
  api: BahiClient;
  /** Whether the token may do this (hides what it may not). */
  can: (scope: string) => boolean;
  signOut: () => void;
  /** Back to the choice of organisation. */
  switchOrganisation: () => void;
}

export const SignedInContext = createContext<SignedIn | null>(null);

/** The signed-in person's session and API; only pages under the shell use it. */
export function useSignedIn(): SignedIn {
  const signedIn = useContext(SignedInContext);
  if (!signedIn) throw new Error('useSignedIn outside the signed-in shell');
  return signedIn;
}
