import { Dialog } from 'radix-ui';
import type { Schemas } from '../../../domain/contract/types';
import { displayKnobValue, knobName } from '../../../domain/knobs/knob-values';
import { compareVersions } from '../lib/config-versions';
import '../../../components/dialog.css';

export interface VersionCompareDialogProps {
  config: Schemas['AgentCompactionConfig'];
  events: readonly Schemas['ConfigChangeEvent'][];
  a: number;
  b: number;
  labels: ReadonlyMap<string, string>;
  onClose: () => void;
}

/** Two config versions side by side: every knob whose effective value differs between them. */
export function VersionCompareDialog({ config, events, a, b, labels, onClose }: VersionCompareDialogProps) {
  const differences = compareVersions(config, events, a, b);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog kh-compare" aria-describedby={undefined}>
          <header className="dialog__header">
            <Dialog.Title className="dialog__title">
              {config.agent_path}: version {a} and version {b}
            </Dialog.Title>
            <Dialog.Close className="button button--quiet" aria-label="Close">
              ✕
            </Dialog.Close>
          </header>
          {differences === null ? (
            <p role="alert">The change history read so far does not reach back to both versions.</p>
          ) : differences.length === 0 ? (
            <p>The two versions have the same values.</p>
          ) : (
            <table className="kh-compare__table">
              <caption className="visually-hidden">Knobs that differ between version {a} and version {b}</caption>
              <thead>
                <tr>
                  <th scope="col">Knob</th>
                  <th scope="col">Version {a}</th>
                  <th scope="col">Version {b}</th>
                </tr>
              </thead>
              <tbody>
                {differences.map((d) => (
                  <tr key={d.key}>
                    <th scope="row" title={d.key}>
                      {knobName(labels, d.key)}
                    </th>
                    <td className="num">{displayKnobValue(d.key, d.a)}</td>
                    <td className="num">{displayKnobValue(d.key, d.b)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
