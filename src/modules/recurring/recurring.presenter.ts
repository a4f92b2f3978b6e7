import { fromJson } from '../../db/json';
import { isoTimestamp } from '../../kernel/local-date';
import type { ScheduleRow } from './recurring.repository';

const stamp = (v: string | null) => (v === null ? null : isoTimestamp(new Date(v)));

export function presentSchedule(s: ScheduleRow) {
  return {
    recurring_id: s.recurring_id,
    entity_type: s.entity_type,
    name: s.name,
    frequency: s.frequency,
    interval: s.interval_count,
    start_date: s.start_date,
    end_date: s.end_date,
    next_run_at: stamp(s.next_run_at),
    last_run_at: stamp(s.last_run_at),
    is_active: s.is_active === 1,
    template_entity_id: s.template_entity_id,
    template_payload: fromJson<Record<string, unknown>>(s.template_payload),
    run_count: s.run_count,
    max_runs: s.max_runs,
    auto_charge: s.auto_charge === 1,
    created_time: stamp(s.created_time),
    last_modified_time: stamp(s.last_modified_time),
  };
}
