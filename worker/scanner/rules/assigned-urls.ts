// The URL a file assigns to a name: `BASE="https://static.rust-lang.org/dist/$T"`,
// `export MIRROR=http://...`, `const INDEX = 'https://...'`, `$url = "..."`, and a shell default
// (`URL="${OVERRIDE:-https://...}"`). Rules that meet a
// variable where a URL goes (a download, a package index setting) judge it by this value.

// Every `NAME = "scheme://..."` of a file, read in one pass and kept for the file last asked
// about: a search per name would read the whole file once per download line.
const URL_ASSIGNMENT =
  /(?:^|[\s;({,])(?:(?:const|let|var|local|my|our|export|readonly)\s+)?\$?([A-Za-z_]\w{0,60})\s*:?=\s*["'\x60](?:\$\{[A-Za-z_]\w{0,60}:?[-=])?([a-z][\w+.-]{1,20}:\/\/[^"'\x60\s}]{1,300})\}?["'\x60]/gm;
let lastText: string | undefined;
let lastUrls = new Map<string, string>();

function urlAssignments(text: string): Map<string, string> {
  if (text === lastText) return lastUrls;
  const urls = new Map<string, string>();
  for (const m of text.matchAll(URL_ASSIGNMENT)) if (!urls.has(m[1])) urls.set(m[1], m[2]);
  lastText = text;
  lastUrls = urls;
  return urls;
}

/** The first URL literal assigned to `name` in `text`, or undefined. */
export function assignedUrl(text: string, name: string): string | undefined {
  return urlAssignments(text).get(name);
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
