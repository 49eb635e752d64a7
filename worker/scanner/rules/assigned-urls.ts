// The URL a file assigns to a name: `BASE="https://static.rust-lang.org/dist/$T"`,
// `export MIRROR=http://...`, `const INDEX = 'https://...'`, `$url = "..."`. Rules that meet a
// variable where a URL goes (a download, a package index setting) judge it by this value.

/** The first URL literal assigned to `name` in `text`, or undefined. */
export function assignedUrl(text: string, name: string): string | undefined {
  if (!/^[A-Za-z_]\w{0,60}$/.test(name)) return undefined;
  const assignment = new RegExp(
    String.raw`(?:^|[\s;({,])(?:(?:const|let|var|local|my|our|export|readonly)\s+)?\$?${name}\s*:?=\s*["'\x60]([a-z][\w+.-]{1,20}:\/\/[^"'\x60\s]{1,300})["'\x60]`,
    'm',
  );
  return assignment.exec(text)?.[1];
}

// `curl -o "$TMP/x" "$BASE/x"`: the first variable of a command that the file assigns a URL to.
const VARIABLE_IN_COMMAND = /\$\{?([A-Za-z_]\w{0,60})\}?/g;

/** The URL (without its scheme) that a command reaches through a variable, or undefined. */
export function urlOfVariableIn(text: string, command: string): string | undefined {
  for (const ref of command.slice(0, 400).matchAll(VARIABLE_IN_COMMAND)) {
    const url = assignedUrl(text, ref[1]);
    if (url) return url.replace(/^https?:\/\//i, '');
  }
  return undefined;
}
