// Container images named like a popular image with one letter off or a look-alike letter
// ("apache/airfiow", "pyth0n:3.12", "bitnarni/redis"), for rule SUP-03: the base image or service
// a skill pulls is code the user runs, and a name one typo away belongs to whoever registered it.
import type { FileView, RuleMatch } from '../../types.ts';
import { warnedAgainst } from '../script-context.ts';
import { scan } from '../context.ts';
import { baseNameOf } from '../../file-view.ts';
import { foldLookAlikes, withinTypoDistance } from './edit-distance.ts';
import { cachedVerdicts } from './verdict-cache.ts';

// Docker Hub's official images (no namespace) and widely pulled images of organisations.
const OFFICIAL_IMAGES = new Set(
  (
    'python node ubuntu debian alpine nginx postgres redis mysql mariadb mongo golang openjdk eclipse-temurin amazoncorretto ' +
    'busybox httpd rust ruby php centos fedora rockylinux almalinux traefik caddy haproxy memcached rabbitmq elasticsearch ' +
    'kibana logstash wordpress nextcloud sonarqube jenkins gradle maven tomcat influxdb telegraf consul vault registry ' +
    'buildpack-deps archlinux amazonlinux oraclelinux clickhouse cassandra zookeeper neo4j couchdb eclipse-mosquitto ' +
    'composer swift julia r-base perl erlang elixir haskell gcc bash docker ghost drupal joomla nats solr'
  ).split(' '),
);
const ORGANISATION_IMAGES = new Set(
  (
    'apache/airflow apache/spark apache/kafka apache/superset bitnami/kafka bitnami/redis bitnami/postgresql bitnami/mongodb ' +
    'bitnami/kubectl bitnami/nginx bitnami/mysql grafana/grafana grafana/loki grafana/tempo prom/prometheus prom/alertmanager ' +
    'prom/node-exporter jenkins/jenkins hashicorp/terraform hashicorp/vault hashicorp/consul hashicorp/packer minio/minio ' +
    'localstack/localstack pytorch/pytorch tensorflow/tensorflow nvidia/cuda jupyter/base-notebook jupyter/minimal-notebook ' +
    'jupyter/scipy-notebook jupyter/datascience-notebook jupyter/pyspark-notebook portainer/portainer-ce gitlab/gitlab-ce ' +
    'gitlab/gitlab-runner selenium/standalone-chrome confluentinc/cp-kafka amazon/aws-cli google/cloud-sdk rancher/rancher ' +
    'cimg/node cimg/python curlimages/curl alpine/git ollama/ollama qdrant/qdrant chromadb/chroma pgvector/pgvector ' +
    'dpage/pgadmin4 mailhog/mailhog nodered/node-red owasp/zap2docker-stable zaproxy/zap-stable aquasec/trivy ' +
    'hadolint/hadolint returntocorp/semgrep semgrep/semgrep sonarsource/sonar-scanner-cli mcr.microsoft.com/dotnet/sdk ' +
    'mcr.microsoft.com/dotnet/aspnet mcr.microsoft.com/dotnet/runtime mcr.microsoft.com/playwright mcr.microsoft.com/mssql/server'
  ).split(' '),
);
const NAMESPACES = new Set([...ORGANISATION_IMAGES].map((name) => name.slice(0, name.lastIndexOf('/'))));

// Where an image is named: a Dockerfile's FROM, `image:` of compose, Kubernetes or CI files, and
// `docker|podman pull|run|create` (the first argument that is not an option).
const FROM_LINE = /^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?([\w./:@-]{2,200})/gim;
const IMAGE_KEY = /\bimage[ \t]*:[ \t]*["']?([\w./:@-]{2,200})/g;
const CONTAINER_RUN = /\b(?:docker|podman|nerdctl)[ \t]+(?:container[ \t]+)?(?:pull|run|create)\b((?:[ \t]+[^\s;&|]+){1,30})/g;
// Options of `docker run` that take a value (the value is not the image).
const VALUE_OPTIONS = /^(?:-[vpewunlhm]|--(?:volume|publish|env|env-file|name|workdir|user|network|net|entrypoint|mount|platform|label|hostname|memory|cpus|add-host|device|gpus|restart|pull|log-driver|cap-add|cap-drop|security-opt|ulimit|tmpfs|link|ipc|pid|shm-size|runtime|dns))$/;
const DOCKERFILE = /(?:^|[./-])(?:dockerfile|containerfile)$/i;

/** The name of an image reference without registry, tag and digest: "apache/airflow", "python". */
function imageName(ref: string): string {
  let name = ref.replace(/@sha256:[0-9a-f]*$/i, '').replace(/:[\w.-]*$/, '').toLowerCase();
  name = name.replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '').replace(/^library\//, '');
  return name;
}

function oneEditOff(name: string, popular: string): boolean {
  if (name === popular || popular.length < 5) return false;
  // A suffix after a separator names a variant ("redis-stack", "postgres-exporter"), not a typo.
  if (name.startsWith(`${popular}-`) || name.startsWith(`${popular}_`)) return false;
  return withinTypoDistance(name, popular);
}

const imitatedName = cachedVerdicts((name) => computeImitatedImage(name), 5000);

/** The popular image a reference imitates, or ''. */
export function imitatedImage(ref: string): string {
  return imitatedName(imageName(ref));
}

function computeImitatedImage(name: string): string {
  if (!name || OFFICIAL_IMAGES.has(name) || ORGANISATION_IMAGES.has(name)) return '';
  // Image names are lower case: the look-alikes are digits and letter pairs.
  const folded = foldLookAlikes(name);
  if (folded !== name && (OFFICIAL_IMAGES.has(folded) || ORGANISATION_IMAGES.has(folded))) return folded;
  const slash = name.lastIndexOf('/');
  if (slash < 0) {
    for (const popular of OFFICIAL_IMAGES) if (oneEditOff(name, popular)) return popular;
    return '';
  }
  const namespace = name.slice(0, slash);
  const repo = name.slice(slash + 1);
  // Another registry's path (ghcr.io/..., a company registry) is not Docker Hub's namespace.
  if (namespace.includes('.') && !namespace.startsWith('mcr.microsoft.com')) return '';
  for (const popular of ORGANISATION_IMAGES) {
    const cut = popular.lastIndexOf('/');
    const popularNamespace = popular.slice(0, cut);
    const popularRepo = popular.slice(cut + 1);
    if (namespace === popularNamespace && oneEditOff(repo, popularRepo)) return popular;
    // A namespace one letter off the organisation's, with the organisation's repository name.
    if (repo === popularRepo && !NAMESPACES.has(namespace) && oneEditOff(namespace, popularNamespace)) return popular;
  }
  return '';
}

function firstImageArgument(args: string): { token: string; offset: number } | null {
  const tokens = [...args.matchAll(/\S+/g)];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i][0];
    if (token.startsWith('-')) {
      if (!token.includes('=') && VALUE_OPTIONS.test(token)) i++;
      continue;
    }
    return /^[\w][\w./:@-]{1,200}$/.test(token) ? { token, offset: tokens[i].index ?? 0 } : null;
  }
  return null;
}

export function imageTyposquats(file: FileView): RuleMatch[] {
  const text = file.text;
  if (!/from|image|docker|podman|nerdctl/i.test(text)) return [];
  const out: RuleMatch[] = [];
  const dockerfile = DOCKERFILE.test(baseNameOf(file.skillPath));
  let checked = 0;
  const report = (ref: string, index: number) => {
    // A file naming hundreds of images is a list or a lock, not a step to vet one by one.
    if (out.length >= 10 || ++checked > 200 || warnedAgainst(file, index)) return;
    const imitated = imitatedImage(ref);
    if (imitated) out.push({ index, length: ref.length, severity: 'high', message: `Container image "${ref}" is one typo away from the popular image "${imitated}"` });
  };
  scan(text, FROM_LINE, (m) => {
    // Outside a Dockerfile, "FROM users" is SQL: only a reference with a tag, digest or path counts.
    if (dockerfile || /[:/@]/.test(m[1])) report(m[1], m.index + m[0].length - m[1].length);
    return null;
  });
  scan(text, IMAGE_KEY, (m) => {
    report(m[1], m.index + m[0].length - m[1].length);
    return null;
  });
  scan(text, CONTAINER_RUN, (m) => {
    const image = firstImageArgument(m[1]);
    if (image) report(image.token, m.index + m[0].length - m[1].length + image.offset);
    return null;
  });
  return out;
}
