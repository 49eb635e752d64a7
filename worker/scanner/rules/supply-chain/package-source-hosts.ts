// Hosts of package sources (rule SUP-04): the public registries, every ecosystem's official hosts,
// local and placeholder names, company registry servers, public mirrors and hosts that borrow an
// official registry's name. sourceOf classifies the host of a source as written, so each setting
// can be judged by its host.
import { hostOf, hostTierOf, registrableLabel } from '../hosts.ts';


/** The public registries themselves (and a local one), as the start of a URL. */
export const DEFAULT_REGISTRIES = /^(?:https?:\/\/)?(?:registry\.npmjs\.org|registry\.yarnpkg\.com|npm\.pkg\.github\.com|pypi\.org|pypi\.python\.org|files\.pythonhosted\.org|download\.pytorch\.org|pypi\.nvidia\.com|test\.pypi\.org|localhost|127\.0\.0\.1)(?:[:/]|$)/i;

// Every ecosystem's official hosts: a setting that names one of them changes nothing that matters.
const OFFICIAL_HOST =
  /^(?:registry\.npmjs\.(?:org|com)|registry\.yarnpkg\.com|npm\.pkg\.github\.com|pypi\.org|pypi\.python\.org|files\.pythonhosted\.org|test\.pypi\.org|download\.pytorch\.org|pypi\.nvidia\.com|pypi\.ngc\.nvidia\.com|(?:index\.|static\.)?crates\.io|proxy\.golang\.org|sum\.golang\.org|goproxy\.io|goproxy\.cn|proxy\.golang\.com\.cn|rubygems\.org|rubygems\.pkg\.github\.com|gems\.ruby-china\.com|(?:api\.|www\.)?nuget\.org|nuget\.pkg\.github\.com|conda\.anaconda\.org|repo\.anaconda\.com|anaconda\.org|(?:repo\.|conda\.)?prefix\.dev|formulae\.brew\.sh|ghcr\.io)$/;
const LOCAL_HOST = /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|::1)$/;
// Long-standing public mirrors, mostly for users in China: not the official host, but no secret
// either. They stay where they were (medium) instead of counting as unknown.
const PUBLIC_MIRROR = /(?:^|\.)(?:npmmirror\.com|npm\.taobao\.org|aliyun\.com|tsinghua\.edu\.cn|ustc\.edu\.cn|bfsu\.edu\.cn|sjtu\.edu\.cn|nju\.edu\.cn|huaweicloud\.com|tencent\.com|tencentyun\.com|rsproxy\.cn|douban\.com|163\.com)$/;
// Names documentation uses for "your own server": reserved names and words no registry is called.
const PLACEHOLDER_LABEL =
  /^(?:example|examples|invalid|test|localhost|local|lan|internal|intranet|corp|home|private|company|mycompany|my-company|yourcompany|mycorp|yourcorp|acme|acmecorp|acme-corp|contoso|fabrikam|myorg|my-org|yourorg|mydomain|yourdomain)$|^your/;
// Registry servers a company runs for itself (Artifactory, Nexus, Verdaccio...) and the hosted
// private-registry services: the documented way to serve private packages.
const PRODUCT_LABEL = /^(?:artifactory|jfrog|nexus\d*|verdaccio|cloudsmith|gemfury|fury|packagecloud|proget|devpi|codeartifact|athens|myget)$/;
const PRODUCT_SUFFIX = /(?:^|\.)(?:pkg\.dev|pkgs\.dev\.azure\.com|pkgs\.visualstudio\.com)$/;
const PRODUCT_PATH = /^\/(?:artifactory|nexus)\//;
// Words of the official registries' names. A host whose own name carries one ("npmjs-edge.org",
// "crates-cdn.dev") borrows the official registry's name to look like it.
const REGISTRY_NAMES = ['npmjs', 'yarnpkg', 'pypi', 'pythonhosted', 'crates', 'cratesio', 'rubygems', 'nuget', 'golang', 'goproxy', 'gomod', 'anaconda', 'condaforge', 'homebrew'];

type SourceKind = 'official' | 'local' | 'variable' | 'placeholder' | 'product' | 'mirror' | 'private' | 'hosted' | 'ip' | 'lookalike' | 'unknown';

export interface SourceHost {
  kind: SourceKind;
  host: string;
  /** Without the scheme: "index.crates-cdn.dev/" */
  url: string;
  plainHttp: boolean;
}

function imitatesRegistry(host: string): boolean {
  const label = registrableLabel(host);
  if (!label) return false;
  if (label.split(/[^a-z]+/).some((part) => part === 'npm' || REGISTRY_NAMES.includes(part))) return true;
  return REGISTRY_NAMES.some((name) => label !== name && (label.startsWith(name) || label.endsWith(name)));
}

/** Looks like a source at all: a URL, a dotted host, a variable. Not "true" or a word of prose. */
export const SOURCE_SHAPE = /^(?:[a-z][\w+.-]*:\/\/|[\w-]+(?:\.[\w-]+)+(?:[:/]|$)|\$|%|\[::1\])/i;

/** Classifies the host of a source as written ("sparse+https://x/", "https://u:p@x", "x.org"). */
export function sourceOf(value: string): SourceHost {
  let v = value.trim().replace(/^["'\x60]+|["'\x60,;)\]]+$/g, '');
  // A shell default (`${PIP_INDEX_URL:-https://pypi.org/simple}`) is the source when nothing overrides it.
  const fallback = /^\$\{\w+:?[-=]([^}]+)\}$/.exec(v);
  if (fallback) v = fallback[1];
  else v = v.replace(/\}+$/, '');
  v = v.replace(/^[\w.-]+=(?=[a-z+]*:\/\/)/i, '').replace(/^(?:sparse|registry|git)\+/i, '');
  const plainHttp = /^http:\/\//i.test(v);
  if (/^file:/i.test(v)) return { kind: 'local', host: '', url: v, plainHttp: false };
  const url = v.replace(/^[a-z][\w+.-]*:\/\//i, '');
  const host = hostOf(url);
  const path = url.slice(url.split(/[/?#]/)[0].length).toLowerCase();
  const result = (kind: SourceKind): SourceHost => ({ kind, host, url, plainHttp });
  if (/[$%]|\{\{/.test(host)) return result('variable');
  if (/[<>{}]/.test(host) || !host) return result('placeholder');
  if (OFFICIAL_HOST.test(host) || (host === 'github.com' && path.startsWith('/rust-lang/crates.io-index'))) return result('official');
  if (LOCAL_HOST.test(host)) return result('local');
  const tier = hostTierOf(url);
  if (tier === 'local') return result('placeholder');
  if (tier === 'ip') return result('ip');
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return result('private');
  if (PUBLIC_MIRROR.test(host)) return result('mirror');
  // Before the placeholder test: a borrowed registry name is the point, whatever the domain.
  if (imitatesRegistry(host)) return result('lookalike');
  if (host.split('.').some((label) => PLACEHOLDER_LABEL.test(label))) return result('placeholder');
  if (host.split('.').some((label) => PRODUCT_LABEL.test(label)) || PRODUCT_SUFFIX.test(host) || PRODUCT_PATH.test(path)) return result('product');
  // Code forges and their page hosts: traceable to an account, though anyone can publish there.
  if (tier === 'hosted' || tier === 'known' || /\.(?:github|gitlab)\.io$/.test(host)) return result('hosted');
  return result('unknown');
}
