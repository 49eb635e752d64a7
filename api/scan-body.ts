// Reads the one input of POST /api/v1/scan: a multipart file field `zip`, a JSON body with
// `content` or `url`, a text/markdown or text/plain body (the SKILL.md text), or a raw
// application/zip body. Anything else, none, or two inputs is a 400 that says what to send.
import type { Request } from 'express';
import busboy from 'busboy';
import { AppError } from '../lib/errors.ts';

export type ScanInput =
  | { kind: 'zip'; bytes: Buffer }
  | { kind: 'content'; text: string }
  | { kind: 'url'; url: string };

const HOW = 'send exactly one input: a ZIP as multipart field "zip", JSON {"content": "<SKILL.md text>"} or {"url": "https://github.com/owner/repo"}, or the SKILL.md text with Content-Type text/markdown';

function tooLarge(limit: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `the upload is larger than ${limit} bytes (SCAN_MAX_UPLOAD_BYTES)`);
}

function readRaw(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.get('content-length') ?? 0);
    if (declared > limit) {
      req.resume();
      return reject(tooLarge(limit));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function readMultipart(req: Request, limit: number): Promise<ScanInput[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limit, files: 3, fields: 10, fieldSize: limit } });
    } catch {
      return reject(new AppError('INVALID_INPUT', `malformed multipart body; ${HOW}`));
    }
    const inputs: ScanInput[] = [];
    let failed: AppError | null = null;
    const fail = (err: AppError) => {
      failed ??= err;
    };
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(tooLarge(limit)));
      stream.on('close', () => {
        if (name === 'zip') inputs.push({ kind: 'zip', bytes: Buffer.concat(chunks) });
        else fail(new AppError('INVALID_INPUT', `unknown file field "${name}"; ${HOW}`));
      });
    });
    parser.on('field', (name, value) => {
      if (name === 'content') inputs.push({ kind: 'content', text: value });
      else if (name === 'url') inputs.push({ kind: 'url', url: value });
    });
    parser.on('error', () => fail(new AppError('INVALID_INPUT', `malformed multipart body; ${HOW}`)));
    parser.on('close', () => (failed ? reject(failed) : resolve(inputs)));
    req.pipe(parser);
  });
}

function fromJson(raw: Buffer): ScanInput[] {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('INVALID_INPUT', 'the request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('INVALID_INPUT', HOW);
  const inputs: ScanInput[] = [];
  const { content, url } = body as Record<string, unknown>;
  if (content !== undefined) {
    if (typeof content !== 'string') throw new AppError('INVALID_INPUT', '"content" must be a string: the SKILL.md text');
    inputs.push({ kind: 'content', text: content });
  }
  if (url !== undefined) {
    if (typeof url !== 'string') throw new AppError('INVALID_INPUT', '"url" must be a string: a GitHub repository link');
    inputs.push({ kind: 'url', url });
  }
  return inputs;
}

export async function readScanInput(req: Request, limit: number): Promise<ScanInput> {
  const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  let inputs: ScanInput[];
  if (type === 'multipart/form-data') inputs = await readMultipart(req, limit);
  else if (type === 'application/json') inputs = fromJson(await readRaw(req, limit));
  else if (type === 'text/markdown' || type === 'text/plain' || type === 'text/x-markdown') {
    inputs = [{ kind: 'content', text: (await readRaw(req, limit)).toString('utf8') }];
  } else if (type === 'application/zip' || type === 'application/x-zip-compressed') {
    inputs = [{ kind: 'zip', bytes: await readRaw(req, limit) }];
  } else if (!type) {
    req.resume();
    throw new AppError('INVALID_INPUT', `no input; ${HOW}`);
  } else {
    req.resume();
    throw new AppError('INVALID_INPUT', `unsupported Content-Type "${type}"; ${HOW}`);
  }
  if (inputs.length === 0) throw new AppError('INVALID_INPUT', `no input; ${HOW}`);
  if (inputs.length > 1) throw new AppError('INVALID_INPUT', `${inputs.length} inputs (${inputs.map((i) => i.kind).join(', ')}); ${HOW}`);
  const input = inputs[0];
  if (input.kind === 'content' && input.text.trim() === '') throw new AppError('INVALID_INPUT', 'the SKILL.md text is empty');
  if (input.kind === 'content' && input.text.includes('\u0000')) throw new AppError('INVALID_INPUT', 'the SKILL.md text holds NUL characters: send binary files in a ZIP');
  if (input.kind === 'zip' && input.bytes.length === 0) throw new AppError('INVALID_INPUT', 'the "zip" upload is empty');
  return input;
}
