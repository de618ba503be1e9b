import { http, HttpResponse } from 'msw';
import { checkpointProposal, resumeCheckpoint, rollbackCheckpoint } from '../daemon/services/checkpoint-service';
import { flagCompaction, manualCompact } from '../daemon/services/compaction-service';
import { answerDryRun, parseFirst, proposalMessages } from '../daemon/services/dry-run-service';
import { requireCompaction, requireProject, requireSession } from '../daemon/read-models/lookups';
import { agentMessages } from '../daemon/read-models/agent-messages';
import { DaemonError } from '../daemon/errors';
import { auditLog } from '../daemon/read-models/aggregates/audit-log';
import { projectStats } from '../daemon/read-models/aggregates/project-stats';
import { eventLog } from '../daemon/read-models/event-log';
import { sessionLedgerPage } from '../daemon/read-models/queries';
import { sessionStatsOf } from '../daemon/read-models/stats';
import { projectList, sessionSummaries } from '../daemon/read-models/session-list';
import { issueStreamTicket } from '../daemon/live/stream-tickets';
import { toDetail } from '../daemon/read-models/views';
import type { SimulatedDaemon } from '../runtime';
import { MODEL_ALIAS_NAMES, PROMPTS } from '../store/catalog';
import { toModelAlias, toModelWindow } from '../daemon/settings/model-windows';
import { putModelWindow } from '../daemon/services/window-service';
import type { Schemas } from '../store/types';
import { actorOf, API, idempotencyKey, readJson, respond } from './respond';
import { validateBody } from './validate';

const param = (value: string | readonly string[] | undefined): string => (Array.isArray(value) ? String(value[0]) : String(value ?? ''));

/** The kaged HTTP API (/api/v1) over the simulated daemon. Each route only parses and delegates. */
export function apiHandlers(daemon: SimulatedDaemon) {
  const store = () => daemon.store;
  return [
    http.get(`${API}/health`, () =>
      respond(() => ({ status: 'ok', version: 'kaged-sim 1.0.0', last_seq: store().lastSeq, simulated: true, instance_id: store().instanceId })),
    ),
    http.get(`${API}/projects`, () => respond(() => projectList(store()))),
    http.get(`${API}/projects/:project_id/compaction-stats`, ({ params }) => respond(() => projectStats(store(), requireProject(store(), param(params.project_id)).id))),
    http.get(`${API}/sessions`, ({ request }) =>
      respond(() => {
        const q = new URL(request.url).searchParams;
        return { items: sessionSummaries(store(), { project_id: q.get('project_id'), status: q.get('status') }) };
      }),
    ),
    http.get(`${API}/sessions/:session_id`, ({ params }) => respond(() => toDetail(store(), requireSession(store(), param(params.session_id))))),
    http.get(`${API}/sessions/:session_id/messages`, ({ params, request }) => respond(() => agentMessages(store(), param(params.session_id), new URL(request.url).searchParams))),
    http.get(`${API}/sessions/:session_id/compactions`, ({ params, request }) => respond(() => sessionLedgerPage(store(), param(params.session_id), new URL(request.url).searchParams))),
    http.post(`${API}/sessions/:session_id/compactions/dry-run`, async ({ params, request }) =>
      respond(async () =>
        answerDryRun(
          store(),
          param(params.session_id),
          validateBody<Schemas['CompactRequest']>('CompactRequest', await readJson(request)),
          parseFirst(new URL(request.url).searchParams.get('first')),
        ),
      ),
    ),
    http.get(`${API}/sessions/:session_id/compactions/dry-run/:proposal_id/messages`, ({ params, request }) =>
      respond(() => proposalMessages(store(), param(params.session_id), param(params.proposal_id), new URL(request.url).searchParams)),
    ),
    http.get(`${API}/sessions/:session_id/compactions/:compaction_id`, ({ params }) =>
      respond(() => requireCompaction(store(), requireSession(store(), param(params.session_id)), param(params.compaction_id))),
    ),
    http.patch(`${API}/sessions/:session_id/compactions/:compaction_id`, async ({ params, request }) =>
      respond(async () =>
        flagCompaction(store(), param(params.session_id), param(params.compaction_id), validateBody<Schemas['FlagRequest']>('FlagRequest', await readJson(request)), actorOf(request)),
      ),
    ),
    http.post(`${API}/sessions/:session_id/compact`, async ({ params, request }) =>
      respond(async () =>
        manualCompact(store(), param(params.session_id), validateBody<Schemas['CompactRequest']>('CompactRequest', await readJson(request)), actorOf(request), idempotencyKey(request)),
      ),
    ),
    http.get(`${API}/sessions/:session_id/compaction-stats`, ({ params, request }) =>
      respond(() => sessionStatsOf(store(), param(params.session_id), new URL(request.url).searchParams.get('agent_path'))),
    ),
    http.get(`${API}/sessions/:session_id/checkpoints`, ({ params }) => respond(() => ({ items: requireSession(store(), param(params.session_id)).checkpoints }))),
    http.get(`${API}/sessions/:session_id/checkpoints/:checkpoint_id/proposal`, ({ params }) =>
      respond(() => checkpointProposal(store(), param(params.session_id), param(params.checkpoint_id))),
    ),
    http.post(`${API}/sessions/:session_id/checkpoints/:checkpoint_id/resume`, async ({ params, request }) =>
      respond(async () =>
        resumeCheckpoint(
          store(),
          param(params.session_id),
          param(params.checkpoint_id),
          validateBody<Schemas['ResumeRequest']>('ResumeRequest', await readJson(request)),
          actorOf(request),
          idempotencyKey(request),
        ),
      ),
    ),
    http.post(`${API}/sessions/:session_id/checkpoints/:checkpoint_id/rollback`, async ({ params, request }) =>
      respond(async () => {
        const body = (await readJson(request)) as { dry_run?: unknown };
        if (body.dry_run !== undefined && typeof body.dry_run !== 'boolean') throw new DaemonError(400, 'invalid_request', 'dry_run must be true or false', { field: '/dry_run' });
        return rollbackCheckpoint(store(), param(params.session_id), param(params.checkpoint_id), body.dry_run === true, actorOf(request), idempotencyKey(request));
      }),
    ),
    http.get(`${API}/models`, () => respond(() => ({ items: MODEL_ALIAS_NAMES.map((alias) => toModelAlias(store(), alias)) }))),
    http.get(`${API}/model-windows`, ({ request }) =>
      respond(() => {
        const model = new URL(request.url).searchParams.get('model');
        if (!model || model.length > 200) throw new DaemonError(400, 'invalid_request', 'model is required (provider:model, at most 200 characters)', { field: 'model' });
        return toModelWindow(store(), model);
      }),
    ),
    http.put(`${API}/model-windows`, async ({ request }) =>
      respond(async () => putModelWindow(store(), validateBody<Schemas['ModelWindowWrite']>('ModelWindowWrite', await readJson(request)), actorOf(request))),
    ),
    http.get(`${API}/prompts`, () => respond(() => ({ items: PROMPTS }))),
    http.get(`${API}/audit`, ({ request }) => respond(() => auditLog(store(), new URL(request.url).searchParams))),
    http.post(`${API}/events/ticket`, () => HttpResponse.json(issueStreamTicket(store()), { status: 201 })),
    http.get(`${API}/events`, ({ request }) => respond(() => eventLog(store(), new URL(request.url).searchParams))),
  ];
}
