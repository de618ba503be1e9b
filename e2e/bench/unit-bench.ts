/**
 * The Node half of the benchmark: the vitest benchmarks (src/**\/*.bench.ts: the dry run's
 * alignment against diffArrays, the ledger's preparation and export), run as `vitest bench`
 * prints them, then read back from vitest's JSON report into the benchmark's figures.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FigureResult, FigureSpec } from './summary';

interface VitestBench {
  name: string;
  min: number;
  median: number;
  max: number;
  sampleCount: number;
}

interface VitestReport {
  files: { filepath: string; groups: { fullName: string; benchmarks: VitestBench[] }[] }[];
}

export async function runVitestBench(root: string, jsonPath: string): Promise<void> {
  const code = await new Promise<number | null>((resolve, reject) => {
    // One file at a time: the tests run on every core (vite.config.ts), benchmarks side by side would time each other.
    const args = [join(root, 'node_modules/vitest/vitest.mjs'), 'bench', '--run', '--maxWorkers=1', '--pool=forks', '--outputJson', jsonPath];
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`vitest bench failed (exit ${code})`);
}

const SECTION = 'Node, vitest (fastest, median and slowest sample)';

/** `load`: the machine's load average when the benchmarks ran. */
export function vitestFigures(jsonPath: string, load: number): FigureResult[] {
  const report = JSON.parse(readFileSync(jsonPath, 'utf8')) as VitestReport;
  const out: FigureResult[] = [];
  for (const file of report.files) {
    for (const group of file.groups) {
      const groupName = group.fullName.split(' > ').slice(1).join(' > ') || group.fullName;
      for (const b of group.benchmarks) {
        const spec: FigureSpec = { id: `vitest.${groupName}.${b.name}`, section: `${SECTION}: ${groupName}`, label: b.name, unit: 'ms', worse: 'higher' };
        out.push({ ...spec, values: [], min: b.min, median: b.median, max: b.max, worst: b.max, loads: [load], met: null });
      }
      const ours = group.benchmarks.find((b) => b.name.startsWith('ours'));
      const peer = group.benchmarks.find((b) => b !== ours);
      if (ours && peer) {
        out.push({
          id: `vitest.${groupName}.ratio`,
          section: `${SECTION}: ${groupName}`,
          label: 'ratio ours ÷ peer',
          unit: 'ratio',
          worse: 'higher',
          values: [],
          min: ours.min / peer.min,
          median: ours.median / peer.median,
          max: ours.max / peer.max,
          worst: ours.max / peer.max,
          loads: [load],
          met: null,
          note: `${groupName}; peer: ${peer.name}; worst: slowest sample ÷ slowest sample`,
        });
      }
    }
  }
  return out;
}
