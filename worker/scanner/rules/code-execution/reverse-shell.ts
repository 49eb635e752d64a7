// RCE-04 reverse and bind shells: a shell wired to a network socket (/dev/tcp, netcat, socat, a
// named pipe, stdio reopened or duplicated onto a socket), a connection whose received lines are
// run through a shell, and web shells that run a command taken from an HTTP request.
import type { FileView, RuleMatch } from '../../types.ts';
import { isProse, scan } from '../context.ts';
import { lineBounds, lineText } from '../../line-table.ts';
import { warnedAgainst } from '../script-context.ts';
import { mostSeverePerLine, skipFile } from './shared.ts';

const DEV_TCP = /\/dev\/(?:tcp|udp)\/(?:[\w.$-]|\$\{\w+\})+\/(?:\d\w*|\$\w+|\$\{\w+\})/g;
const DEV_TCP_REDIRECT = /[<>]&|<>|0>&1|\bexec\s+\d+<>|\b(?:ba|z|da)?sh\s+-i\b/;
const NETCAT_SHELL =
  /\b(?:nc|ncat|netcat|nc\.traditional|nc\.openbsd)\b[^\n|;]{0,100}?\s(?:-\w*[ec]\s*["']?(?:\/(?:usr\/)?bin\/)?(?:(?:ba|z|da|k)?sh\b|cmd(?:\.exe)?\b|powershell\b)|--(?:exec|sh-exec|lua-exec)\b)|\b(?:nc|ncat|netcat)\b[^\n|;]{0,100}\|\s*(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh\b(?:\s+-i)?/gi;
const FIFO_SHELL = /\bmkfifo\s+\S+[^\n]{0,200}\b(?:nc|ncat|netcat|openssl\s+s_client|telnet)\b/gi;
const SOCAT_EXEC = /\bsocat\b[^\n]{0,160}\b(?:exec|system):[^\n]{0,40}\b(?:(?:ba|z|da)?sh|cmd|powershell)\b/gi;
const TELNET_SHELL = /\btelnet\s+\S+\s+\d+\s*\|\s*(?:\/bin\/)?(?:ba)?sh\b/gi;
const SOCKET_DUP2 = /\bos\.dup2\s*\(\s*\w+(?:\.fileno\(\))?\s*,\s*(?:[012]|\w+)\s*\)/g;
// Ruby, Perl and PHP: stdio reopened on a socket, or a shell spawned with the socket as its stdio.
const STDIO_ON_SOCKET = /\bproc_open\s*\(\s*["'][^"'\n]{0,40}\bsh\b[^"'\n]{0,20}["']\s*,\s*(?:\[|array\s*\()\s*0\s*=>\s*\$\w+|\$?(?:std(?:in|out|err)|STD(?:IN|OUT|ERR))\.reopen\s*\(\s*\w+|\[\s*\$std\w+\s*,[^\]\n]{0,60}\]\s*\.each\s*\{[^}\n]{0,80}\breopen\s*\(|\bopen\s*\(\s*STD(?:IN|OUT|ERR)\s*,\s*["']?[>&]{1,3}/g;
const SOCKET_OPEN = /\bTCPSocket\.(?:open|new)\s*\(|\bsocket\s*\(\s*S\b|\bfsockopen\s*\(|\bIO::Socket::INET\b/;
const SHELL_AFTER = /\b(?:exec|system|spawn|proc_open)\s*(?:\(\s*)?["'](?:\/bin\/)?(?:ba|z|da)?sh\b/;
const SPAWN_SHELL = /\bpty\.spawn\s*\(|["'](?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da)?sh["']\s*,\s*["']-i["']|\[\s*["'](?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da)?sh["']|["']cmd(?:\.exe)?["']|["']\/bin\/(?:ba|z)?sh(?:\s+-i)?["']/;
const SOCKET_CONNECT = /\.connect\s*\(\s*\(|socket\s*\.\s*(?:socket|create_connection)\s*\(|\bfsockopen\s*\(|\bTCPSocket\s*\.\s*(?:new|open)\b|Net\.Sockets\.TCPClient|\bnet\.connect\s*\(|\bnew\s+net\.Socket\s*\(|\bIO::Socket::INET\b|\bSocket\s*\(/;
const SCRIPTED_SHELL =
  /\b(?:fsockopen|TCPSocket\.(?:new|open)|IO::Socket::INET|Net\.Sockets\.TCPClient)\b[^\n]{0,300}(?:\/bin\/(?:ba)?sh|cmd\.exe|\biex\b|Invoke-Expression|GetStream\(\))|\bchild_process\b[^\n]{0,200}\bspawn\s*\(\s*["'](?:\/bin\/)?(?:ba)?sh["'][^\n]{0,200}\.pipe\(/gi;

const CLIENT_SOCKET = /\bTCPSocket\.(?:new|open)\s*\(|\bsocket\.create_connection\s*\(|\.connect\s*\(\s*\(\s*["'][^"'\n]+["']\s*,\s*\d+|\bnet\.(?:connect|createConnection)\s*\(|\bnet\.Dial\s*\(\s*["']tcp|\bfsockopen\s*\(|\bIO::Socket::INET->new\b(?![^;]{0,300}\bListen\b)/g;
const LISTENING_SERVER = /\bIO::Socket::INET->new\b(?=[^;]{0,300}\bListen\b)|\bTCPServer\.new\s*\(|\bnet\.createServer\s*\(|\.bind\s*\(\s*\(\s*["'](?:0\.0\.0\.0|)["']|\bnet\.Listen\s*\(\s*["']tcp|\bsocketserver\.(?:TCP|Threading)\w*Server\b|\bnew\s+ServerSocket\s*\(|\bsocket_bind\s*\(/g;
// Perl reads a line from a handle with <$c> and runs one with backticks, qx or system($cmd).
const CLIENT_INPUT = /\.(?:gets|readline|recv|read)\b|\.on\(\s*["']data["']|bufio\.NewReader|\bsocket_read\b|<\$\w+>|\bsysread\s*\(|->recv\b/;
const SHELL_RUN = /["'](?:\/bin\/)?(?:ba|z)?sh["']\s*,\s*["']-c["']|\bOpen3\.(?:capture\w*|popen\w*)\s*\(|\bsubprocess\.\w+\s*\([^)\n]{0,80}shell\s*=\s*True|\bos\.(?:system|popen)\s*\(|\bchild_process\b|\bexecSync\s*\(|\bexec\.Command\s*\(\s*["'](?:\/bin\/)?(?:ba)?sh["']|\bshell_exec\s*\(|`\s*#\{|`\s*\$\w+|\bqx\s*[({/]\s*\$\w+|\b(?:system|exec)\s*(?:\(\s*)?\$\w+\s*[);]/;
const PLACEHOLDER_HOST = /\b(?:ATTACKER|LHOST|RHOST|YOUR|REMOTE|LISTENER)_?(?:IP|HOST|ADDR(?:ESS)?)?\b|<(?:ip|host|lhost|attacker[\w -]{0,12}|your[\w -]{0,12})>|\bIP\s+PORT\b/;

// A process call whose arguments, on the same line, read a request's parameters, form, query or body.
const REQUEST_INPUT_RUN =
  /(?:\b(?:exec\.Command(?:Context)?|os\.system|os\.popen|subprocess\.\w+|(?:child_process|cp|childProcess)\.\w+|Open3\.\w+|IO\.popen|Runtime\.getRuntime\(\)\.exec)|(?<![.\w$])(?:execSync|spawnSync|spawn|execFile|exec|system|shell_exec|passthru|popen|proc_open))\s*\((?=[^\n]{0,200}(?:\br\.(?:FormValue|PostFormValue|URL\.Query\(\)\.Get)\s*\(|\breq(?:uest)?\.(?:query|body|params)\b|\brequest\.(?:args|form|values|GET|POST|json)\b|\$_(?:GET|POST|REQUEST|COOKIE)\s*\[|\bparams\s*\[\s*:))[^\n]{0,200}/g;

function runsWhatItReads(text: string, index: number): boolean {
  const after = text.slice(index, Math.min(text.length, index + 1200));
  return CLIENT_INPUT.test(after) && SHELL_RUN.test(after);
}

export function detectReverseShell(file: FileView): RuleMatch[] {
  if (skipFile(file)) return [];
  const text = file.text;
  const keep = (m: RegExpExecArray, message: string): RuleMatch | null => {
    if (warnedAgainst(file, m.index)) return null;
    // A cheat-sheet line (`nc -e /bin/sh ATTACKER_IP PORT`) connects nowhere until someone fills it in.
    if (isProse(file) && PLACEHOLDER_HOST.test(lineText(text, m.index))) return null;
    return { index: m.index, length: m[0].length, message };
  };
  const found = [
    ...scan(text, DEV_TCP, (m) => {
      const { start, end } = lineBounds(text, m.index);
      return DEV_TCP_REDIRECT.test(text.slice(start, end))
        ? keep(m, 'Shell redirected to a network socket through /dev/tcp (reverse shell)')
        : null;
    }),
    ...scan(text, NETCAT_SHELL, (m) => keep(m, 'netcat wired to a shell (reverse or bind shell)')),
    ...scan(text, FIFO_SHELL, (m) => keep(m, 'Named pipe wired between a shell and a network client (reverse shell)')),
    ...scan(text, SOCAT_EXEC, (m) => keep(m, 'socat executing a shell for a network peer')),
    ...scan(text, TELNET_SHELL, (m) => keep(m, 'telnet output piped into a shell')),
    ...scan(text, SCRIPTED_SHELL, (m) => keep(m, 'Socket connected to an interactive shell')),
    ...scan(text, STDIO_ON_SOCKET, (m) => {
      const window = text.slice(Math.max(0, m.index - 800), Math.min(text.length, m.index + 800));
      return SOCKET_OPEN.test(window) && SHELL_AFTER.test(window)
        ? keep(m, 'Standard input and output reopened on a socket and a shell started (reverse shell)')
        : null;
    }),
    // A connection that reads lines and runs them through a shell in the code that follows: one
    // the script opens itself is a reverse shell without dup2, one it listens for a bind shell.
    ...scan(text, CLIENT_SOCKET, (m) => (runsWhatItReads(text, m.index) ? keep(m, 'Opens a connection and runs the commands it receives through a shell (reverse shell)') : null)),
    ...scan(text, LISTENING_SERVER, (m) => (runsWhatItReads(text, m.index) ? keep(m, 'Listens on a port and runs what clients send through a shell (bind shell)') : null)),
    // A web shell: a command taken from an HTTP request and run (`exec.Command("sh", "-c",
    // r.FormValue("q"))`, `os.system(request.args["cmd"])`, `shell_exec($_GET['c'])`).
    ...(file.kind === 'script' ? scan(text, REQUEST_INPUT_RUN, (m) => keep(m, 'Runs a command taken from an HTTP request (web shell)')) : []),
    ...scan(text, SOCKET_DUP2, (m) => {
      // Python reverse shell: a socket's descriptors duplicated onto stdio, then a shell spawned.
      const window = text.slice(Math.max(0, m.index - 800), Math.min(text.length, m.index + 800));
      return SOCKET_CONNECT.test(window) && SPAWN_SHELL.test(window)
        ? keep(m, 'Socket duplicated onto stdin/stdout and a shell spawned (reverse shell)')
        : null;
    }),
  ];
  return mostSeverePerLine(file, found);
}
