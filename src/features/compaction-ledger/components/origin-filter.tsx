import { ORIGIN_LABELS, type EventOrigin } from '../../../domain/accounting/provenance';
import { SingleFilter } from '../../../components/filter-menu';

const ORIGINS: readonly EventOrigin[] = ['recorded', 'simulated'];

/** Only what a transcript or the daemon recorded, only what the simulator computed, or both. */
export function OriginFilter({ value, onChange }: { value: EventOrigin | null; onChange: (origin: EventOrigin | null) => void }) {
  return (
    <SingleFilter
      label="Source"
      anyLabel="any"
      value={value ?? ''}
      options={ORIGINS.map((o) => ({ value: o, label: ORIGIN_LABELS[o], hint: o === 'recorded' ? 'happened' : 'computed' }))}
      onChange={(next) => onChange(ORIGINS.find((o) => o === next) ?? null)}
    />
  );
}
