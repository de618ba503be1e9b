import { Link } from 'react-router';
import type { ImportJob } from '../../../domain/contract/simulator-imports';
import { sessionHref } from '../../../lib/routes';
import { jobSummary, reportView, type ReportView } from '../lib/report-view';
import '../../../components/badge.css';
import '../../../components/notice.css';

const TONE_BADGE = { ok: 'badge--ok', warn: 'badge--warn', danger: 'badge--danger', neutral: 'badge--neutral' } as const;

/** The job's outcome: one line over all files, then a report per file, each with a link to its session. */
export function ImportReports({ job, onOpenSession }: { job: ImportJob; onOpenSession: () => void }) {
  if (job.state === 'failed') {
    return (
      <p className="callout callout--danger" role="alert">
        {job.error ?? 'The import failed.'}
      </p>
    );
  }
  return (
    <section className="import-reports" aria-label="Import report">
      <p className="import-reports__summary" role="status">
        {jobSummary(job.files)}.
      </p>
      <ul className="import-reports__list">
        {job.files.map((report) => (
          <li key={`${report.file}\n${report.sha256}`}>
            <FileReport view={reportView(report)} onOpenSession={onOpenSession} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FileReport({ view, onOpenSession }: { view: ReportView; onOpenSession: () => void }) {
  return (
    <article className={`import-report import-report--${view.tone}`} aria-label={view.file}>
      <header className="import-report__head">
        <h3 className="mono import-report__file">{view.file}</h3>
        <span className={`badge ${TONE_BADGE[view.tone]}`}>{view.outcome}</span>
        {view.format && <span className="muted">{view.format}</span>}
        {view.sessionId && (
          <Link className="import-report__open" to={sessionHref(view.sessionId)} onClick={onOpenSession}>
            Open session <span className="mono">{view.sessionId}</span>
            {view.agentPath && view.agentPath !== 'primary' ? ` (agent ${view.agentPath})` : ''}
          </Link>
        )}
      </header>
      <p className="import-report__message">{view.message}</p>
      {view.figures.length > 0 && (
        <dl className="import-report__figures">
          {view.figures.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd className="num">{f.value.toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
      )}
      {view.warnings.map((w) => (
        <p key={w} className="callout callout--warn">
          {w}
        </p>
      ))}
      {view.skipped.length > 0 && (
        <div className="import-report__section">
          <h4>Skipped</h4>
          <ul>
            {view.skipped.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      {view.malformed.length > 0 && (
        <div className="import-report__section">
          <h4>Malformed</h4>
          <ul className="import-report__malformed">
            {view.malformed.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
