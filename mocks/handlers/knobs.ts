import { http } from 'msw';
import { builtinKnobSchema } from '../daemon/settings/builtin-knobs';
import { configHistory, configView, pluginKnobSchema, pluginListings, putConfig } from '../daemon/services/config-service';
import { parseLimit } from '../daemon/read-models/queries';
import type { SimulatedDaemon } from '../runtime';
import type { Schemas } from '../store/types';
import { actorOf, API, readJson, respond } from './respond';
import { validateBody } from './validate';

const param = (value: string | readonly string[] | undefined): string => (Array.isArray(value) ? String(value[0]) : String(value ?? ''));

/** Knobs: the built-in knob schema, plugin manifests, per-agent config with its history. Each route only parses and delegates. */
export function knobHandlers(daemon: SimulatedDaemon) {
  const store = () => daemon.store;
  return [
    http.get(`${API}/compaction/knob-schema`, () => respond(() => builtinKnobSchema())),
    http.get(`${API}/plugins`, () => respond(() => ({ items: pluginListings() }))),
    http.get(`${API}/plugins/:plugin_name/knob-schema`, ({ params }) => respond(() => pluginKnobSchema(param(params.plugin_name)))),
    http.get(`${API}/sessions/:session_id/compaction-config`, ({ params, request }) =>
      respond(() => configView(store(), param(params.session_id), new URL(request.url).searchParams.get('agent_path'))),
    ),
    http.put(`${API}/sessions/:session_id/compaction-config`, async ({ params, request }) =>
      respond(async () => {
        const body = validateBody<Schemas['CompactionConfigWrite']>('CompactionConfigWrite', await readJson(request));
        return putConfig(store(), param(params.session_id), new URL(request.url).searchParams.get('agent_path'), body, actorOf(request));
      }),
    ),
    http.get(`${API}/sessions/:session_id/compaction-config/history`, ({ params, request }) =>
      respond(() => {
        const q = new URL(request.url).searchParams;
        return configHistory(store(), param(params.session_id), q.get('agent_path'), q.get('cursor'), parseLimit(q.get('limit')));
      }),
    ),
  ];
}
