/*
 * The state of an Indian customs port (docs/rules/einvoice-ewaybill.md, "Customs ports"): where
 * an import's goods start their journey in India (actFromStateCode) and an export's end it
 * (actToStateCode). A port code is ICEGATE's six characters: IN, the location's three letters,
 * and the kind of station (1 sea port, 2 rail station, 4 air cargo complex, 6 inland container
 * depot, B land customs station). The codes are ICEGATE's list of customs locations as
 * india_compliance carries it (india_compliance/gst_india/constants/__init__.py, PORT_CODES); the
 * state is each location's. The main ports, air cargo complexes, ICDs and land customs stations
 * only: a port not listed is named by the caller (the port_state parameter).
 */

/** GST state code (2 digits) of each customs port listed. */
const PORT_STATES: Readonly<Record<string, string>> = {
  // Sea ports.
  INNSA1: '27', INBOM1: '27', INMAA1: '33', INENR1: '33', INKAT1: '33', INTUT1: '33', INMUN1: '24', INIXY1: '24', INPAV1: '24', INHZA1: '24',
  INCCU1: '19', INHAL1: '19', INVTZ1: '37', INGGV1: '37', INKRI1: '37', INCOK1: '32', INMRM1: '30', INNML1: '29', INPRT1: '21',
  // Air cargo complexes.
  INBOM4: '27', INPNQ4: '27', INNAG4: '27', INDEL4: '07', INMAA4: '33', INCJB4: '33', INBLR4: '29', INHYD4: '36', INCCU4: '19', INAMD4: '24',
  INCOK4: '32', INTRV4: '32', INJAI4: '08', INLKO4: '09', INATQ4: '03', INGOI4: '30', INGAU4: '18',
  // Inland container depots.
  INTKD6: '07', INPPG6: '07', INGHR6: '06', INDER6: '09', INLON6: '09', INKNU6: '09', INLDH6: '03', INWFD6: '29', INSNF6: '36',
  INDIG6: '27', INCCH6: '27', INMUL6: '27', INJAI6: '08', INMDD6: '23', INAMD6: '24',
  // Land customs stations.
  INPTPB: '19', INJIGB: '19', INRXLB: '10', INJBNB: '10', INATRB: '03', INMREB: '14', INDWKB: '17', INAGTB: '16', INNGRB: '09',
};

/** The GST state code of a customs port, or null for one the table does not list. */
export const portStateOf = (portCode: string): string | null => PORT_STATES[portCode.toUpperCase()] ?? null;
