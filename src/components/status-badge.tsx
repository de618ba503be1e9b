import type { ReactNode } from 'react';
import type { SessionStatus } from '../domain/contract/types';
import './badge.css';

export type Tone = 'neutral' | 'accent' | 'ok' | 'warn' | 'danger';

interface BadgeProps {
  tone?: Tone;
  title?: string;
  children: ReactNode;
}

/** A small label; the one badge of the app. */
export function Badge({ tone = 'neutral', title, children }: BadgeProps) {
  return (
    <span className={`badge badge--${tone}`} title={title}>
      {children}
    </span>
  );
}

const STATUS: Record<SessionStatus, { tone: Tone; label: string; title: string }> = {
  running: { tone: 'accent', label: 'running', title: 'The session is running' },
  idle: { tone: 'neutral', label: 'idle', title: 'The session is idle, waiting for input' },
  paused: { tone: 'warn', label: 'paused', title: 'The session is paused' },
  context_overflow: { tone: 'danger', label: 'context overflow', title: 'The provider rejected a call on context length' },
};

interface SessionStatusBadgeProps {
  status: SessionStatus;
  /** A checkpoint compaction waits for the operator's approval. */
  compactionPending?: boolean;
}

/** A session's status, plus "approval pending" when a compaction waits for the operator. */
export function SessionStatusBadge({ status, compactionPending = false }: SessionStatusBadgeProps) {
  const { tone, label, title } = STATUS[status];
  return (
    <span className="badges">
      <Badge tone={tone} title={title}>
        {label}
      </Badge>
      {compactionPending && (
        <Badge tone="warn" title="A checkpoint compaction is waiting for the operator's approval">
          approval pending
        </Badge>
      )}
    </span>
  );
}
