import type { ImportJob } from '../../../src/domain/contract/simulator-imports';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** An import job's reports as plain text (the CLI prints it after a startup import). */
export function formatImportReport(job: ImportJob): string {
  const lines = [`import ${job.id}: ${job.state}, ${job.files.length} file(s), ${job.sessions.length} session(s)${job.error ? ` — ${job.error}` : ''}`];
  for (const f of job.files) {
    lines.push(`  ${f.outcome.padEnd(19)} ${f.file}`);
    lines.push(`    ${f.message}`);
    if (f.tokens) {
      lines.push(
        `    tokens: base ${f.tokens.base_tokens} (system prompt + tools), estimate vs recorded over ${f.tokens.calls} calls: ` +
          `median ${pct(f.tokens.median_error)}, p90 ${pct(f.tokens.p90_error)} (tokenizer alone: ${pct(f.tokens.content_median_error)}, ${pct(f.tokens.content_p90_error)})`,
      );
    }
    if (f.skipped.length > 0) lines.push(`    skipped: ${f.skipped.map((s) => `${s.count} ${s.reason}`).join('; ')}`);
    for (const m of f.malformed.slice(0, 5)) lines.push(`    malformed ${m.line !== null ? `line ${m.line}` : (m.where ?? '')}: ${m.reason}`);
    if (f.malformed_total > 5) lines.push(`    … and ${f.malformed_total - 5} more malformed lines`);
    for (const w of f.warnings) lines.push(`    warning: ${w}`);
  }
  return lines.join('\n');
}
