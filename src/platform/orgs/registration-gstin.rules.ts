import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';

/** Which part of a registration's GSTIN disagrees with the registration. */
export type RegistrationGstinMismatch =
  | { reason: 'state_code_mismatch'; message: string; expected: string }
  | { reason: 'pan_mismatch'; message: string; expected: string };

/** Characters 3-12 of a GSTIN: the PAN of the business it registers. */
export const panOfGstin = (gstin: string): string => gstin.slice(2, 12);

/**
 * A GSTIN is one registration of one business in one state (CGST Act s.25(1) and (2), rule
 * 10; docs/rules/gstin.md "One GSTIN per registration"): its first two digits are the GST code of the state it is in, and
 * characters 3-12 are the business's PAN, the same in every state. So a branch's (or the
 * organisation's) GSTIN must start with its state's code and carry the PAN of the
 * organisation's other registrations, when it has any. `gstin` is already a valid GSTIN
 * (validateGstin); `otherGstins` are the organisation's other registrations.
 */
export function registrationGstinMismatch(gstin: string, stateIso: string, otherGstins: readonly string[]): RegistrationGstinMismatch | null {
  const stateCode = stateCodeOfIso(stateIso);
  if (stateCode !== null && gstin.slice(0, 2) !== stateCode) {
    return {
      reason: 'state_code_mismatch', expected: stateCode,
      message: `gstin starts with ${gstin.slice(0, 2)}, but a registration in ${stateIso} has a GSTIN starting with its state code ${stateCode}`,
    };
  }
  const pan = otherGstins.map(panOfGstin).find((p) => p !== panOfGstin(gstin));
  if (pan !== undefined) {
    return {
      reason: 'pan_mismatch', expected: pan,
      message: `characters 3-12 of gstin (the PAN, ${panOfGstin(gstin)}) differ from the organisation's other registrations (PAN ${pan}); every GSTIN of one business carries its one PAN`,
    };
  }
  return null;
}
