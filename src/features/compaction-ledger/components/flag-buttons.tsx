import type { CompactionRecord, Schemas } from '../../../domain/contract/types';
import { isRepeatPress } from '../lib/repeat-press';
import './flag-buttons.css';

type Flag = Schemas['Flag'];

const FLAG_UI: ReadonlyArray<{ flag: Flag; key: string; label: string; glyph: string }> = [
  { flag: 'good', key: 'g', label: 'Good', glyph: '✓' },
  { flag: 'bad', key: 'b', label: 'Bad', glyph: '✕' },
  { flag: 'neutral', key: 'n', label: 'Neutral', glyph: '–' },
];

interface FlagButtonsProps {
  record: Pick<CompactionRecord, 'id' | 'operator_flag'>;
  onFlag: (flag: Flag | null) => void;
  /** Labels beside the glyphs (the detail page); glyphs only in the ledger. */
  withLabels?: boolean;
  disabled?: boolean;
}

/**
 * The operator's verdict on one compaction: good, bad or neutral (pressing the current one
 * clears it). A radio-like group of toggle buttons; the keys g/b/n do the same in the ledger.
 * A double click, or a second press while that flag's save is still out, flags once: it does not
 * clear what the first press set (see isRepeatPress).
 */
export function FlagButtons({ record, onFlag, withLabels = false, disabled = false }: FlagButtonsProps) {
  return (
    <span className={withLabels ? 'flags flags--labelled' : 'flags'} role="group" aria-label={`Flag ${record.id}`}>
      {FLAG_UI.map(({ flag, key, label, glyph }) => {
        const on = record.operator_flag === flag;
        return (
          <button
            key={flag}
            type="button"
            className={`flags__button flags__button--${flag}`}
            // Glyph only (the ledger, a row each): the name is the label, and the button is one element.
            aria-label={withLabels ? undefined : label}
            aria-pressed={on}
            title={on ? `${label} (${key}); press again to clear the flag` : `Flag as ${label.toLowerCase()} (${key})`}
            disabled={disabled}
            onClick={(event) => {
              event.stopPropagation();
              if (isRepeatPress(record.id, flag, on, event.detail)) return;
              onFlag(on ? null : flag);
            }}
          >
            {withLabels ? (
              <>
                <span aria-hidden="true">{glyph}</span>
                <span>{label}</span>
              </>
            ) : (
              glyph
            )}
          </button>
        );
      })}
    </span>
  );
}

/** The flag as a word with its colour, read-only (the 409 dialog, exports preview). */
export function FlagText({ flag }: { flag: Flag | null }) {
  return flag ? <span className={`flag-text flag-text--${flag}`}>{flag}</span> : <span className="faint">unflagged</span>;
}
