/**
 * A setting as the `compaction:` block of an agent in the project DSL (project.yaml, ADR-0024):
 * its dotted keys nested, values as YAML scalars (strings quoted where plain text would read as
 * something else), lists and objects in flow style. Plugin knob keys may hold dots themselves
 * (`plugin_knobs.<plugin>.<knob key>`), so only the plugin's name is split off them.
 */

function path(key: string): string[] {
  const parts = key.split('.');
  if (parts[0] === 'plugin_knobs' && parts.length > 2) return ['plugin_knobs', parts[1] as string, parts.slice(2).join('.')];
  return parts;
}

const PLAIN = /^[A-Za-z_][\w\-/:.]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|~|y|n)$/i;

function scalar(value: unknown): string {
  if (typeof value === 'string') return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
  if (value === null || value === undefined) return 'null';
  // Numbers, booleans; lists and objects as JSON, which is YAML flow style.
  return JSON.stringify(value);
}

function keyText(key: string): string {
  return PLAIN.test(key) && !RESERVED.test(key) ? key : JSON.stringify(key);
}

type Node = { kind: 'leaf'; value: unknown } | { kind: 'tree'; children: Map<string, Node> };

/** The block for a setting's `set`; `comment` lines go above it. */
export function compactionBlock(set: Readonly<Record<string, unknown>>, comment?: string): string {
  const root: Node & { kind: 'tree' } = { kind: 'tree', children: new Map() };
  for (const key of Object.keys(set).sort()) {
    const parts = path(key);
    let node = root;
    for (const p of parts.slice(0, -1)) {
      let next = node.children.get(p);
      if (next?.kind !== 'tree') {
        next = { kind: 'tree', children: new Map() };
        node.children.set(p, next);
      }
      node = next;
    }
    node.children.set(parts[parts.length - 1] as string, { kind: 'leaf', value: set[key] });
  }
  const lines: string[] = comment ? comment.split('\n').map((l) => `# ${l}`) : [];
  lines.push(root.children.size === 0 ? 'compaction: {}' : 'compaction:');
  const write = (tree: Map<string, Node>, depth: number) => {
    for (const [k, node] of tree) {
      const pad = '  '.repeat(depth);
      if (node.kind === 'leaf') lines.push(`${pad}${keyText(k)}: ${scalar(node.value)}`);
      else {
        lines.push(`${pad}${keyText(k)}:`);
        write(node.children, depth + 1);
      }
    }
  };
  write(root.children, 1);
  return `${lines.join('\n')}\n`;
}
