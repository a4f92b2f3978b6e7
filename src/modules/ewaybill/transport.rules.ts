import { invalidValue } from '../../kernel/errors';
import { gstinCheckCharacter } from '../../kernel/gst/gstin';
import type { TRANSPORT_MODES } from './ewaybill.schemas';

/*
 * The e-way bill's transport (Part B, docs/rules/einvoice-ewaybill.md "E-way bill"), as a document records it or a
 * query names it: checked and written in the one form NIC takes.
 */

type ModeInput = (typeof TRANSPORT_MODES)[number];
export type TransportMode = 'road' | 'rail' | 'air' | 'ship';
const MODE_NAMES: Record<ModeInput, TransportMode> = { road: 'road', rail: 'rail', air: 'air', ship: 'ship', 1: 'road', 2: 'rail', 3: 'air', 4: 'ship' };
const MODE_CODES = { road: '1', rail: '2', air: '3', ship: '4' } as const;
export type TransMode = (typeof MODE_CODES)[TransportMode];

/** A mode given by name or by NIC's code, as its name (the document's form). */
export const transportModeName = (mode: ModeInput): TransportMode => MODE_NAMES[mode];
/** NIC's code of a mode: 1 road, 2 rail, 3 air, 4 ship. */
export const transModeOf = (mode: ModeInput): TransMode => MODE_CODES[MODE_NAMES[mode]];

/**
 * Indian registration marks, once spaces and hyphens are dropped: the state's series (KA01AB1234,
 * DL1CAB123), the Bharat series (22BH1234AB) and a temporary registration (TR…).
 */
const VEHICLE_FORMATS = [/^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{1,4}$/, /^[0-9]{2}BH[0-9]{4}[A-Z]{1,2}$/, /^TR[A-Z0-9]{5,13}$/];

/** A vehicle number as NIC takes it (KA 01 AB-1234 → KA01AB1234); 400 on `vehicle_no` when it is no registration mark. */
export function vehicleNumber(raw: string): string {
  const mark = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!VEHICLE_FORMATS.some((f) => f.test(mark))) {
    throw invalidValue('vehicle_no', 'vehicle_no is not a vehicle registration number: a state series such as KA01AB1234, a Bharat series such as 22BH1234AB, or a temporary TR… number');
  }
  return mark;
}

/**
 * A transporter's id in capitals: a GSTIN, or the TRANSIN the e-way bill portal enrols an
 * unregistered transporter with, both 15 characters (2-digit state code first) ending in the
 * GSTIN check character (docs/rules/gstin.md, "Check character"); 400 on `transporter_id` otherwise.
 */
export function transporterId(raw: string): string {
  const id = raw.toUpperCase();
  if (!/^[0-9]{2}[0-9A-Z]{13}$/.test(id) || gstinCheckCharacter(id.slice(0, 14)) !== id.charAt(14)) {
    throw invalidValue('transporter_id', "transporter_id is not a transporter's GSTIN or TRANSIN: 15 letters and digits, a 2-digit state code first and the check character last");
  }
  return id;
}

/** NIC's vehicle type: R regular, O over-dimensional cargo (a consignment beyond the Motor Vehicles Rules' size limits). */
export type VehicleType = 'regular' | 'over_dimensional';
const VEHICLE_TYPE_CODES: Record<VehicleType, 'R' | 'O'> = { regular: 'R', over_dimensional: 'O' };
export const vehicleTypeCode = (type: VehicleType): 'R' | 'O' => VEHICLE_TYPE_CODES[type];

export interface TransportInput {
  transport_mode?: ModeInput | null;
  distance_km?: number | null;
  vehicle_no?: string | null;
  transporter_id?: string | null;
  trans_doc_no?: string | null;
  trans_doc_date?: string | null;
  vehicle_type?: VehicleType | null;
  transporter_name?: string | null;
}

export interface Transport {
  transport_mode: TransportMode | null; distance_km: number | null; vehicle_no: string | null; transporter_id: string | null;
  /** The transport document (lorry receipt, railway receipt, airway bill, bill of lading): its number and date. */
  trans_doc_no: string | null;
  trans_doc_date: string | null;
  vehicle_type: VehicleType | null;
  transporter_name: string | null;
}

/** A document's transport before any is given. */
export const NO_TRANSPORT: Transport = {
  transport_mode: null, distance_km: null, vehicle_no: null, transporter_id: null, trans_doc_no: null, trans_doc_date: null, vehicle_type: null, transporter_name: null,
};

/** A transporter's name trimmed; a blank one is none. */
const nameOrNull = (raw: string) => (raw.trim() === '' ? null : raw.trim());

/**
 * The transport fields an input sends, checked and normalised; a field not sent is left out
 * (so an update keeps it, and a query leaves it to the document), null clears it.
 */
export function transportFieldsOf(input: TransportInput): Partial<Transport> {
  const out: Partial<Transport> = {};
  if (input.transport_mode !== undefined) out.transport_mode = input.transport_mode === null ? null : transportModeName(input.transport_mode);
  if (input.distance_km !== undefined) out.distance_km = input.distance_km;
  if (input.vehicle_no !== undefined) out.vehicle_no = input.vehicle_no === null ? null : vehicleNumber(input.vehicle_no);
  if (input.transporter_id !== undefined) out.transporter_id = input.transporter_id === null ? null : transporterId(input.transporter_id);
  if (input.trans_doc_no !== undefined) out.trans_doc_no = input.trans_doc_no === null ? null : input.trans_doc_no.toUpperCase();
  if (input.trans_doc_date !== undefined) out.trans_doc_date = input.trans_doc_date;
  if (input.vehicle_type !== undefined) out.vehicle_type = input.vehicle_type;
  if (input.transporter_name !== undefined) out.transporter_name = input.transporter_name === null ? null : nameOrNull(input.transporter_name);
  return out;
}

/** A document's transport columns as the database holds them. */
export type TransportRow = Omit<Transport, 'transport_mode' | 'vehicle_type'> & { transport_mode: string | null; vehicle_type: string | null };

/** A document's transport columns as the API shows them. */
export const presentTransport = (row: TransportRow): Transport => ({
  transport_mode: row.transport_mode as TransportMode | null, distance_km: row.distance_km, vehicle_no: row.vehicle_no, transporter_id: row.transporter_id,
  trans_doc_no: row.trans_doc_no, trans_doc_date: row.trans_doc_date, vehicle_type: row.vehicle_type as VehicleType | null, transporter_name: row.transporter_name,
});
