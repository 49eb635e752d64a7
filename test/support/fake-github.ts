// A local stand-in for the parts of GitHub's REST API that skillgate uses, on 127.0.0.1, so tests run
// without a network. Like GitHub, the zipball endpoint answers 302 to a separate archive URL (GitHub
// sends it to codeload.github.com; here it is /_archive/ on the same server), and the archive is a
// real ZIP whose entries sit in one folder named OWNER-REPO-SHA7/. It also keeps the files of pull
// requests and the comments of issues in memory, for the Action's only-changed and comment paths.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZipArchive } from 'archiver';

export type FakeFiles = { [path: string]: string | Uint8Array };

export interface FakeRepository {
  owner: string;
  repo: string;
  defaultBranch?: string;
  stars?: number;
  forks?: number;
  language?: string | null;
  description?: string | null;
  /** Files of each branch, tag or commit; the default branch must be one of them to be downloadable. */
  refs: { [ref: string]: FakeFiles };
}

export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A comment on an issue or pull request, as the fake stores it. */
export interface FakeComment {
  id: number;
  body: string;
  /** The token that created the comment (the Authorization header without its scheme). */
  author: string;
  createdAt: string;
  updatedAt: string;
}

/** A file of a pull request, as `GET /repos/{owner}/{repo}/pulls/{number}/files` lists it. */
export interface FakePullRequestFile {
  filename: string;
  status?: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  previous_filename?: string;
}

export interface FakeGitHub {
  /** API root to hand to the client, http://127.0.0.1:PORT */
  baseUrl: string;
  /** Every request received, in order, archive downloads included. */
  requests: FakeRequest[];
  addRepository(repository: FakeRepository): void;
  /** Sets the files a pull request changes (pulls/{number}/files). Repositories need not be added. */
  setPullRequestFiles(owner: string, repo: string, number: number, files: FakePullRequestFile[]): void;
  /** The comments of an issue or pull request, oldest first (a live view: tests may add to it). */
  comments(owner: string, repo: string, number: number): FakeComment[];
  /** The next `times` requests whose path starts with pathPrefix get `status` (403/429 as rate limits). */
  failNext(pathPrefix: string, status: number, times?: number): void;
  /** Requests whose path starts with pathPrefix hang until release() is called. */
  stall(pathPrefix: string): () => void;
  close(): Promise<void>;
}

interface StoredRepository {
  owner: string;
  repo: string;
  defaultBranch: string;
  stars: number;
  forks: number;
  language: string | null;
  description: string | null;
  refs: Map<string, FakeFiles>;
}

const DOCS = 'https://docs.github.com/rest';

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const repositories = new Map<string, StoredRepository>();
  const failures: { prefix: string; status: number; remaining: number }[] = [];
  const stalls: { prefix: string; released: Promise<void> }[] = [];
  const requests: FakeRequest[] = [];
  const pullRequestFiles = new Map<string, FakePullRequestFile[]>();
  const commentsByIssue = new Map<string, FakeComment[]>();
  let nextCommentId = 1000;
  let baseUrl = '';

  // GitHub treats owner and repository names case-insensitively.
  const keyOf = (owner: string, repo: string) => `${owner}/${repo}`.toLowerCase();
  const issueKeyOf = (owner: string, repo: string, number: number | string) => `${keyOf(owner, repo)}#${number}`;
  const commentsOf = (key: string) => {
    let list = commentsByIssue.get(key);
    if (!list) commentsByIssue.set(key, (list = []));
    return list;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const path = (req.url ?? '/').split('?')[0];

    for (const stall of stalls.filter((s) => path.startsWith(s.prefix))) await stall.released;
    if (res.destroyed) return; // the client gave up while the request was stalled

    const failure = failures.find((f) => f.remaining > 0 && path.startsWith(f.prefix));
    if (failure) {
      failure.remaining--;
      return sendFailure(res, failure.status);
    }
    const segments = path.split('/').slice(1).map((s) => decodeURIComponent(s));
    const query = new URL(req.url ?? '/', 'http://fake').searchParams;

    // Pull-request files and issue comments: GET /repos/o/r/pulls/N/files,
    // GET and POST /repos/o/r/issues/N/comments, PATCH /repos/o/r/issues/comments/ID.
    if (segments[0] === 'repos' && segments[3] === 'pulls' && segments[5] === 'files' && segments.length === 6) {
      if (req.method !== 'GET') return sendNotFound(res);
      const files = pullRequestFiles.get(issueKeyOf(segments[1], segments[2], segments[4]));
      if (!files) return sendNotFound(res);
      return sendPage(res, baseUrl, req.url ?? path, query, files.map(pullRequestFileOf));
    }
    if (segments[0] === 'repos' && segments[3] === 'issues' && segments[5] === 'comments' && segments.length === 6) {
      const list = commentsOf(issueKeyOf(segments[1], segments[2], segments[4]));
      if (req.method === 'GET') return sendPage(res, baseUrl, req.url ?? path, query, list.map((c) => commentJsonOf(c, segments)));
      if (req.method !== 'POST') return sendNotFound(res);
      const author = authorOf(req.headers);
      if (!author) return sendJson(res, 401, { message: 'Requires authentication', documentation_url: DOCS });
      const body = await readJsonBody(req);
      if (typeof body?.body !== 'string') return sendJson(res, 422, { message: 'Invalid request: "body" is required', documentation_url: DOCS });
      const now = new Date().toISOString();
      const comment: FakeComment = { id: nextCommentId++, body: body.body, author, createdAt: now, updatedAt: now };
      list.push(comment);
      return sendJson(res, 201, commentJsonOf(comment, segments));
    }
    if (segments[0] === 'repos' && segments[3] === 'issues' && segments[4] === 'comments' && segments.length === 6) {
      const id = Number(segments[5]);
      const prefix = `${keyOf(segments[1], segments[2])}#`;
      const comment = [...commentsByIssue.entries()]
        .filter(([key]) => key.startsWith(prefix))
        .flatMap(([, list]) => list)
        .find((c) => c.id === id);
      if (!comment) return sendNotFound(res);
      if (req.method === 'GET') return sendJson(res, 200, commentJsonOf(comment, segments));
      if (req.method !== 'PATCH') return sendNotFound(res);
      const author = authorOf(req.headers);
      if (!author) return sendJson(res, 401, { message: 'Requires authentication', documentation_url: DOCS });
      const body = await readJsonBody(req);
      if (typeof body?.body !== 'string') return sendJson(res, 422, { message: 'Invalid request: "body" is required', documentation_url: DOCS });
      comment.body = body.body;
      comment.updatedAt = new Date().toISOString();
      return sendJson(res, 200, commentJsonOf(comment, segments));
    }

    if (req.method !== 'GET') return sendJson(res, 404, { message: 'Not Found', documentation_url: DOCS });
    if (segments[0] === 'repos' && segments.length === 3) {
      const repository = repositories.get(keyOf(segments[1], segments[2]));
      if (!repository) return sendNotFound(res);
      return sendJson(res, 200, metadataOf(repository));
    }
    if (segments[0] === 'repos' && segments[3] === 'zipball') {
      const repository = repositories.get(keyOf(segments[1], segments[2]));
      if (!repository) return sendNotFound(res);
      // A ref may arrive encoded (feature%2Fx) or as several segments (feature/x).
      const ref = segments.slice(4).join('/') || repository.defaultBranch;
      if (!repository.refs.has(ref)) return sendNotFound(res);
      const location = `${baseUrl}/_archive/${repository.owner}/${repository.repo}/${encodeURIComponent(ref)}.zip`;
      res.writeHead(302, { location, 'content-length': '0' });
      res.end();
      return;
    }
    if (segments[0] === '_archive' && segments.length === 4 && segments[3].endsWith('.zip')) {
      const repository = repositories.get(keyOf(segments[1], segments[2]));
      const ref = segments[3].slice(0, -'.zip'.length);
      const files = repository?.refs.get(ref);
      if (!repository || !files) return sendNotFound(res);
      return sendArchive(res, repository, ref, files);
    }
    return sendNotFound(res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: String(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const releases = new Set<() => void>();

  return {
    baseUrl,
    requests,
    addRepository(input) {
      const defaultBranch = input.defaultBranch ?? 'main';
      repositories.set(keyOf(input.owner, input.repo), {
        owner: input.owner,
        repo: input.repo,
        defaultBranch,
        stars: input.stars ?? 0,
        forks: input.forks ?? 0,
        language: input.language ?? null,
        description: input.description ?? null,
        refs: new Map(Object.entries(input.refs)),
      });
    },
    setPullRequestFiles(owner, repo, number, files) {
      pullRequestFiles.set(issueKeyOf(owner, repo, number), files);
    },
    comments(owner, repo, number) {
      return commentsOf(issueKeyOf(owner, repo, number));
    },
    failNext(pathPrefix, status, times = 1) {
      failures.push({ prefix: pathPrefix, status, remaining: times });
    },
    stall(pathPrefix) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const entry = { prefix: pathPrefix, released };
      stalls.push(entry);
      const releaseStall = () => {
        const index = stalls.indexOf(entry);
        if (index >= 0) stalls.splice(index, 1);
        releases.delete(releaseStall);
        release();
      };
      releases.add(releaseStall);
      return releaseStall;
    },
    async close() {
      for (const release of [...releases]) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function metadataOf(repository: StoredRepository) {
  const fullName = `${repository.owner}/${repository.repo}`;
  return {
    id: parseInt(sha1(fullName).slice(0, 8), 16),
    name: repository.repo,
    full_name: fullName,
    owner: { login: repository.owner, type: 'User', html_url: `https://github.com/${repository.owner}` },
    private: false,
    html_url: `https://github.com/${fullName}`,
    description: repository.description,
    fork: false,
    stargazers_count: repository.stars,
    watchers_count: repository.stars,
    forks_count: repository.forks,
    language: repository.language,
    default_branch: repository.defaultBranch,
    archived: false,
    visibility: 'public',
  };
}

/** Streams the ZIP without a Content-Length, as codeload does, so readers must count the bytes. */
async function sendArchive(res: ServerResponse, repository: StoredRepository, ref: string, files: FakeFiles): Promise<void> {
  const sha = commitShaOf(repository, ref, files);
  const root = `${repository.owner}-${repository.repo}-${sha.slice(0, 7)}/`;
  res.writeHead(200, {
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename=${root.slice(0, -1)}.zip`,
  });
  // GitHub's archives carry the commit SHA as the ZIP comment and list folders as entries.
  const archive = new ZipArchive({ comment: sha, zlib: { level: 6 } });
  archive.pipe(res);
  const folders = new Set<string>([root]);
  for (const path of Object.keys(files).sort()) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${root}${parts.slice(0, i).join('/')}/`);
  }
  for (const folder of [...folders].sort()) archive.append('', { name: folder, type: 'directory' });
  for (const [path, content] of Object.entries(files)) {
    archive.append(typeof content === 'string' ? content : Buffer.from(content), { name: `${root}${path}` });
  }
  await archive.finalize();
}

/** A stable stand-in for the commit SHA: the same files under the same ref give the same value. */
function commitShaOf(repository: StoredRepository, ref: string, files: FakeFiles): string {
  const hash = createHash('sha1').update(`${repository.owner}/${repository.repo}@${ref}\n`);
  for (const path of Object.keys(files).sort()) hash.update(path).update('\0').update(files[path]).update('\0');
  return hash.digest('hex');
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** Pages a list as GitHub does: `per_page` (default 30, at most 100), `page` from 1, a Link header to the next page. */
function sendPage(res: ServerResponse, root: string, url: string, query: URLSearchParams, items: unknown[]): void {
  const perPage = Math.min(100, Math.max(1, Number(query.get('per_page')) || 30));
  const page = Math.max(1, Number(query.get('page')) || 1);
  const headers: Record<string, string> = {};
  if (page * perPage < items.length) {
    const next = new URL(url, 'http://fake');
    next.searchParams.set('page', String(page + 1));
    next.searchParams.set('per_page', String(perPage));
    headers.link = `<${root}${next.pathname}${next.search}>; rel="next"`;
  }
  sendJson(res, 200, items.slice((page - 1) * perPage, page * perPage), headers);
}

function pullRequestFileOf(file: FakePullRequestFile) {
  return {
    sha: sha1(file.filename),
    filename: file.filename,
    status: file.status ?? 'modified',
    additions: 1,
    deletions: 0,
    changes: 1,
    ...(file.previous_filename ? { previous_filename: file.previous_filename } : {}),
  };
}

function commentJsonOf(comment: FakeComment, segments: string[]) {
  return {
    id: comment.id,
    node_id: `IC_${comment.id}`,
    body: comment.body,
    user: { login: 'github-actions[bot]', type: 'Bot' },
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    html_url: `https://github.com/${segments[1]}/${segments[2]}/issues#issuecomment-${comment.id}`,
  };
}

/** The token of an `Authorization: token X` or `Bearer X` header, or null when none was sent. */
function authorOf(headers: IncomingHttpHeaders): string | null {
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(headers.authorization ?? '');
  return match ? match[1] : null;
}

async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function sendNotFound(res: ServerResponse): void {
  sendJson(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
}

function sendFailure(res: ServerResponse, status: number): void {
  if (status === 403 || status === 429) {
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    return sendJson(
      res,
      status,
      { message: 'API rate limit exceeded for 127.0.0.1.', documentation_url: DOCS },
      { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '60', 'x-ratelimit-reset': reset },
    );
  }
  sendJson(res, status, { message: status >= 500 ? 'Server Error' : 'Error', documentation_url: DOCS });
}
