/**
 * Credit restricted by place-of-supply rules (GSTR-3B 4(D)(2)): a purchase taxed as intra-state
 * (CGST and SGST) in a state other than the receiving branch's. Its place of supply is where it
 * is consumed (a hotel or hall, IGST Act s.12(3); a meal, s.12(8)), so the tax is another
 * state's and the branch's GSTIN has no credit of it. States are canonical (IN-KA).
 */
export const posRestricted = (supplyType: string, placeOfSupply: string, branchState: string) => supplyType === 'INTRA' && placeOfSupply !== branchState;
