// A small YAML front-matter reader for SKILL.md: top-level `key: value` pairs, block scalars
// (| and >), and lists (`- item` or `[a, b]`), joined to strings. Enough for name, description and
// allowed-tools; anything it cannot read is kept as raw text rather than failing the scan.

function unquote(value: string): string {
  const v = value.trim();
  if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) return v.slice(1, -1);
  return v;
}

export function parseFrontmatter(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  let key = '';
  let parts: string[] = [];
  const flush = () => {
    if (key) out[key] = parts.join(key === 'description' ? ' ' : ', ').trim();
    key = '';
    parts = [];
  };
  for (const line of lines) {
    const top = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (top && !/^\s/.test(line)) {
      flush();
      key = top[1].toLowerCase();
      const value = top[2].trim();
      if (value === '|' || value === '>' || value === '|-' || value === '>-' || value === '') continue;
      if (value.startsWith('[') && value.endsWith(']')) {
        parts = value.slice(1, -1).split(',').map(unquote).filter(Boolean);
      } else parts = [unquote(value)];
      continue;
    }
    if (!key) continue;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item) parts.push(unquote(item[1]));
    else if (line.trim()) parts.push(line.trim());
  }
  flush();
  return out;
}
