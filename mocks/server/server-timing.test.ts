import { expect, it } from 'vitest';
import { loopbackSimulator } from './test-support/loopback-simulator';

/** What the simulator says of its own time on each answer (the bench prints it beside Preview → first rows). */
const sim = loopbackSimulator();

const timings = (header: string | null) => new Map((header ?? '').split(', ').map((entry) => [entry.split(';')[0], Number(/dur=([\d.]+)/.exec(entry)?.[1])]));

it("a dry run's answer gives its compute time, the handler's, and the process's CPU time while handling", async () => {
  const sessions = (await (await fetch(`${sim.url}/sessions`)).json()) as { items: { id: string }[] };
  const session = sessions.items[0]?.id as string;
  const answer = await fetch(`${sim.url}/sessions/${session}/compactions/dry-run?first=200`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ agent_path: 'primary', dry_run: true }),
  });
  expect(answer.status).toBe(200);
  const t = timings(answer.headers.get('server-timing'));
  for (const name of ['compute', 'handler', 'cpu']) expect(t.get(name), name).toBeGreaterThanOrEqual(0);
  expect(t.get('handler')).toBeGreaterThanOrEqual(t.get('compute') as number);
}, 60_000);
