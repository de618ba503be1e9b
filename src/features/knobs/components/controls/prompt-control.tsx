import './prompt-control.css';
import type { ControlProps } from './control-props';

/**
 * A prompt-path knob: the project's prompts (GET /prompts) as radios, each with its title, path and
 * text (untrusted: text only, bounded by lib/prompt-choices, folded until asked for). A saved path
 * that is none of them stays shown first, marked, so nothing changes unless the operator chooses.
 */
export function PromptControl({ id, labelId, describedBy, value, invalid, onChange, onBlur, prompts }: ControlProps) {
  const current = typeof value === 'string' ? value : '';
  const known = prompts.some((p) => p.path === current);
  return (
    <div className="kf__stack kf__stack--grow">
      <ul id={id} role="radiogroup" className="kf-prompts" aria-labelledby={labelId} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
        {!known && (
          <li className="kf-prompt kf-prompt--chosen">
            <label className="kf-prompt__choice">
              <input type="radio" name={id} value={current} checked readOnly />
              <span className="kf-prompt__path mono" title={current}>
                {current === '' ? 'no prompt' : current}
              </span>
              <span className="faint">not one of the project's prompts</span>
            </label>
          </li>
        )}
        {prompts.map((p) => (
          <li key={p.path} className={p.path === current ? 'kf-prompt kf-prompt--chosen' : 'kf-prompt'}>
            <label className="kf-prompt__choice">
              <input type="radio" name={id} value={p.path} checked={p.path === current} onChange={() => onChange(p.path)} onBlur={onBlur} />
              <span className="kf-prompt__title" title={p.title}>
                {p.title}
              </span>
              <span className="kf-prompt__path mono faint" title={p.path}>
                {p.path}
              </span>
            </label>
            {p.text !== null ? (
              <details className="kf-prompt__text">
                <summary>Show the text</summary>
                <pre className="kf-prompt__pre">{p.text}</pre>
                {p.cut && <p className="faint">The prompt is longer; its first 20,000 characters are shown.</p>}
              </details>
            ) : (
              <span className="kf-prompt__none faint">The daemon sends no text for this prompt.</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
