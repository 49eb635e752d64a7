// Where package managers fetch from, and the settings that change it (rule SUP-04): registry
// lines of .npmrc, .yarnrc(.yml) and bunfig.toml and the tokens sent with them; pip's and uv's
// index options, config keys and environment variables; Cargo source replacement; GOPROXY and
// Go's checksum switches; go.mod replace directives; gem and NuGet sources. A skill that points a
// package manager at a host nobody can vet decides what code every later install and build runs,
// so each setting is collected with what it does (replaces the default source, adds one for a
// scope, sends a token, turns TLS off) and then judged by its host. A setting reads the same
// whether a script writes it, a heredoc holds it, a template file ships it or SKILL.md shows it.
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { isFirstPartyHost, registrableLabel } from '../hosts.ts';
import { isCommentLine, isDetectionRuleFile, warnedAgainst } from '../script-context.ts';
import { execRegex, scan } from '../context.ts';
import { DEFAULT_REGISTRIES, SOURCE_SHAPE, sourceOf } from './package-source-hosts.ts';
import type { SourceHost } from './package-source-hosts.ts';
import {
  ALWAYS_AUTH,
  DEFAULT_GO_PROXY,
  FORGE_HOST,
  GO_CHECKSUMS_OFF,
  GO_PROXY,
  GO_REPLACE,
  INSTALL_COMMAND,
  INTERNAL_NAME,
  MAX_SETTINGS,
  TLS_OFF,
  settingsOf,
} from './package-source-settings.ts';
import type { Ecosystem, Role, Setting } from './package-source-settings.ts';

/**
 * How bad a setting is, by its host and what it does. The official registry and local hosts are
 * nothing; a host that borrows the official registry's name, a public IP address and plain HTTP
 * are high wherever they appear; documented placeholders and company registry servers are low; a
 * public mirror, a private address or a code forge stay medium. A host nobody can vet is high
 * when it becomes the default source, serves an install, is trusted without TLS or receives a
 * token, and medium as an extra index or a scope's registry, unless TLS is off there too.
 */
function severityOf(src: SourceHost, role: Role, firstParty: boolean, tlsOff: boolean): Severity | null {
  if (src.kind === 'official' || src.kind === 'local') return null;
  // Credentials handed to a raw address or to a host dressed as the registry: nobody needs that.
  if (src.kind === 'ip' || src.kind === 'lookalike') return role === 'token' ? 'critical' : 'high';
  if (role === 'token') return src.kind === 'unknown' && !firstParty ? 'high' : null;
  if (src.plainHttp) return 'high';
  switch (src.kind) {
    case 'variable':
      return 'medium';
    case 'placeholder':
    case 'product':
      return role === 'trust' || tlsOff ? 'medium' : 'low';
    case 'mirror':
    case 'private':
    case 'hosted':
      return tlsOff ? 'high' : 'medium';
    default:
      break;
  }
  if (tlsOff) return 'high';
  if (firstParty) return 'medium';
  return role === 'extra' || role === 'scoped' || role === 'weak' ? 'medium' : 'high';
}

const ECOSYSTEM_NAME: Record<Ecosystem, string> = { npm: 'npm packages', pip: 'Python packages', cargo: 'Crates', go: 'Go modules', gem: 'Gems', nuget: 'NuGet packages', conda: 'Conda packages', brew: 'Homebrew formulae', any: 'Packages' };

function messageOf(s: Setting, src: SourceHost, severity: Severity, facts: { alwaysAuth: boolean; tlsOff: boolean }): string {
  const value = s.value.replace(/^["']|["']$/g, '');
  let message: string;
  if (s.role === 'token') message = `npm credentials sent to ${src.host || 'a registry host'}, which is not the official registry`;
  else if (s.role === 'trust') message = `TLS checks turned off for package host ${value}`;
  else if (s.role === 'extra' || s.extraIndex) message = `Extra package index ${value}: a public package with the same name as a private one can win (dependency confusion)`;
  else if (s.replaced) message = `Cargo source ${s.replaced.from} replaced by "${s.replaced.to}" at ${value}: every crate and its build script come from there`;
  else if (s.patchedCrate) message = `Crate ${s.patchedCrate} patched with the code at ${value}: every build compiles it and runs its build script`;
  else if (s.ecosystem === 'conda') message = `Conda packages resolved from the channel ${value}${s.role === 'replace' ? ', placed before the default channels' : ''}`;
  else if (s.ecosystem === 'brew') message = s.role === 'install' ? `Homebrew tap from ${value}: its formulae are Ruby code run at install` : `Homebrew's repositories or bottles fetched from ${value}`;
  else if (s.ecosystem === 'go') message = `Go modules downloaded through the proxy ${value}`;
  else if (s.ecosystem === 'gem') message = `Gems resolved from a non-default source ${value}`;
  else if (s.ecosystem === 'nuget') message = `NuGet packages resolved from a non-default source ${value}`;
  else if (s.ecosystem === 'any' || s.ecosystem === 'npm') message = `Packages resolved from a non-default registry ${value}${src.plainHttp ? ' over plain HTTP' : ''}`;
  else message = `${ECOSYSTEM_NAME[s.ecosystem]} resolved from a non-default index ${value}${src.plainHttp ? ' over plain HTTP' : ''}`;
  const notes: string[] = [];
  if (src.kind === 'lookalike') notes.push('the host borrows the official registry\'s name');
  else if (src.kind === 'ip') notes.push('a bare IP address');
  else if (src.kind === 'unknown' && severity === 'high') notes.push('a host that is neither the official registry nor a documented private one');
  if (s.global) notes.push('written into the user\'s own configuration, so every later install uses it');
  if (s.ecosystem === 'npm' && s.role !== 'token' && s.role !== 'trust' && facts.alwaysAuth) notes.push('always-auth sends credentials with every request');
  if ((s.tlsOff || facts.tlsOff) && s.role !== 'trust' && s.role !== 'token') notes.push('TLS verification is off');
  return notes.length > 0 ? `${message} (${notes.join('; ')})` : message;
}

// Whether a skill sets GOPROXY to a host nobody can vet, in any of its files.
const goProxyVerdicts = new WeakMap<SkillView, boolean>();

function hasUnvettedGoProxy(skill: SkillView): boolean {
  const known = goProxyVerdicts.get(skill);
  if (known !== undefined) return known;
  let found = false;
  for (const f of skill.files) {
    if (found) break;
    if (f.kind === 'binary' || !/GOPROXY/.test(f.text)) continue;
    let seen = 0;
    GO_PROXY.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = execRegex(GO_PROXY, f.text)) !== null && seen++ < MAX_SETTINGS) {
      if (DEFAULT_GO_PROXY.test(m[1]) || !SOURCE_SHAPE.test(m[1])) continue;
      const src = sourceOf(m[1]);
      if (src.plainHttp || src.kind === 'unknown' || src.kind === 'lookalike' || src.kind === 'ip') {
        found = true;
        break;
      }
    }
  }
  goProxyVerdicts.set(skill, found);
  return found;
}

/** The name a module path goes by: the owner on a forge ("spf13"), else the host's name ("golang"). */
function moduleOwner(path: string): { host: string; name: string } {
  const [host, owner] = path.toLowerCase().split('/');
  return { host, name: FORGE_HOST.test(host) ? owner ?? '' : registrableLabel(host) };
}

/** True when `b` differs from `a` by one inserted, deleted or changed character. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  return restA.slice(1) === restB.slice(1) || restA === restB.slice(1) || restA.slice(1) === restB;
}

function finding(file: FileView, index: number, length: number, severity: Severity, message: string): RuleMatch | null {
  if (warnedAgainst(file, index)) return null;
  return { index, length, severity: isCommentLine(file, index) ? 'low' : severity, message };
}

export function detectRegistryConfusion(file: FileView, skill: SkillView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  const found: RuleMatch[] = [];
  const { settings, lows } = settingsOf(file);
  for (const low of lows) {
    const f = finding(file, low.index, low.length, 'low', low.message ?? '');
    if (f) found.push(f);
  }
  if (settings.length > 0) {
    const facts = { alwaysAuth: ALWAYS_AUTH.test(text), tlsOff: TLS_OFF.test(text) };
    // Hosts a registry line makes the default, and hosts that serve one scope only: credentials
    // for a scope's own registry are how private packages work, not a leak.
    const mainHosts = new Set<string>();
    const scopedHosts = new Set<string>();
    for (const s of settings) {
      if (s.ecosystem !== 'npm' && s.ecosystem !== 'any') continue;
      if (s.role === 'scoped') scopedHosts.add(sourceOf(s.value).host);
      else if (s.role !== 'token' && s.role !== 'trust') mainHosts.add(sourceOf(s.value).host);
    }
    // yarn's npmAuthToken outside a block of npmRegistries goes to the file's registry server.
    const mainHost = [...mainHosts].find(Boolean) ?? '';
    for (const setting of settings) {
      if (found.length >= 20) break;
      const s = setting.role === 'token' && !setting.value ? { ...setting, value: mainHost } : setting;
      if (!s.value || /^\$\{?\w+\}?$|^[<{]/.test(s.value) || !SOURCE_SHAPE.test(s.value)) continue;
      if (s.role !== 'token' && DEFAULT_REGISTRIES.test(s.value)) continue;
      const src = sourceOf(s.value);
      let role = s.role;
      if (role === 'token' && scopedHosts.has(src.host) && !mainHosts.has(src.host)) continue;
      if (s.global && role !== 'trust' && role !== 'token') role = 'replace';
      const firstParty = src.kind === 'unknown' && isFirstPartyHost(src.url, skill);
      const tlsOff = (s.tlsOff ?? false) || (facts.tlsOff && role !== 'trust' && role !== 'token');
      const severity = severityOf(src, role, firstParty, tlsOff);
      if (!severity) continue;
      const f = finding(file, s.index, s.length, severity, messageOf(s, src, severity, facts));
      if (f) found.push(f);
    }
  }

  // Go's checksum database off: any module, tampered or not, is accepted. With a proxy nobody can
  // vet in the same skill, that proxy's modules are accepted unchecked.
  const unvettedProxy = /GOSUMDB|GONOSUM|GOINSECURE|GOFLAGS/i.test(text) && hasUnvettedGoProxy(skill);
  found.push(
    ...scan(text, GO_CHECKSUMS_OFF, (m) =>
      finding(
        file,
        m.index,
        m[0].length,
        unvettedProxy ? 'high' : 'medium',
        unvettedProxy
          ? 'Go checksum verification switched off while modules come through an unvetted proxy: a tampered module is accepted'
          : 'Go checksum verification switched off: a tampered module is accepted',
      ),
    ),
  );

  if (/(?:^|\/)go\.mod$/.test(file.skillPath)) {
    found.push(
      ...scan(text, GO_REPLACE, (m) => {
        // A module replaced by another path of its own owner (a major-version move) is routine;
        // a fork under an owner named like the original one ("spf13-cobra" for "spf13") poses as it.
        const original = moduleOwner(m[1]);
        const replacement = moduleOwner(m[2]);
        if (original.host === replacement.host && original.name === replacement.name) return null;
        const lookalike =
          original.name !== replacement.name &&
          ((original.name.length >= 4 && replacement.name.includes(original.name)) || (original.name.length >= 5 && oneEditApart(original.name, replacement.name)));
        return finding(
          file,
          m.index,
          m[0].length,
          lookalike ? 'high' : 'medium',
          lookalike ? `Go module ${m[1]} replaced by ${m[2]}, a fork under an owner named like the original` : `Go module ${m[1]} replaced by ${m[2]}`,
        );
      }),
    );
  }

  INSTALL_COMMAND.lastIndex = 0;
  let m: RegExpExecArray | null;
  let internal = 0;
  while ((m = execRegex(INSTALL_COMMAND, text)) !== null && internal < 20) {
    const argsStart = m.index + m[0].length;
    const rest = text.slice(argsStart, argsStart + 400);
    const stop = rest.search(/[\n;&|]/);
    const name = INTERNAL_NAME.exec(stop < 0 ? rest : rest.slice(0, stop));
    if (!name) continue;
    internal++;
    const f = finding(file, m.index, argsStart + name.index + name[0].length - m.index, 'medium', `Internal-looking package "${name[1]}" installed without a private registry: a public look-alike could be pulled instead`);
    if (f) found.push(f);
  }
  return found;
}
