/**
 * The benchmark's own servers: child processes in their own process group, ready when their URL
 * answers, stopped (the whole group) when the run ends, fails or is interrupted.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningServer {
  name: string;
  url: string;
  /** The process started (its peak memory: /proc/<pid>/status). */
  pid: number | undefined;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

// Last resort on any exit path (an uncaught error, Ctrl-C): no server outlives the benchmark.
process.on('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\nbenchmark interrupted (${signal}): stopping its servers`);
    process.exit(130);
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Refuses to start where something already answers: the figures would be another server's. */
export async function assertPortFree(name: string, url: string, variable: string): Promise<void> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_500) });
  } catch {
    return;
  }
  throw new Error(`${name}: something already answers at ${url}. Stop it, or choose another port with ${variable}.`);
}

/**
 * Starts `command args` and resolves once `readyUrl` answers 2xx. Rejects with the process's
 * last output if it exits first or does not answer within `timeoutMs` (and stops it then).
 */
export async function startServer(name: string, command: string, args: string[], env: Record<string, string>, readyUrl: string, timeoutMs: number): Promise<RunningServer> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split('\n').filter((line) => line.trim() !== ''));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => (tail.length > 0 ? `\n--- last output of ${name} ---\n${tail.join('\n')}` : ` (${name} printed nothing)`);

  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    running.delete(child);
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before answering ${readyUrl}${output()}`);
    }
    if (await answers(readyUrl)) return { name, url: readyUrl, pid: child.pid, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer ${readyUrl} within ${Math.round(timeoutMs / 1000)} s${output()}`);
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
}
