// Markdown for the job summary and the pull-request comment. Finding texts can carry what a skill
// wrote, so every cell is escaped: no HTML, no table breaks, no @mentions that would notify people.

export function cell(value: string | number, max = 300): string {
  let text = String(value).replace(/\s+/g, ' ').trim();
  if (text.length > max) text = `${text.slice(0, max - 1)}…`;
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/@/g, '&#64;');
}

/** A table from cells that are already escaped (or trusted markdown such as links). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Inline code for trusted values (inputs, paths found on disk): backticks inside are dropped. */
export function code(value: string): string {
  return `\`${value.replace(/`/g, '')}\``;
}
