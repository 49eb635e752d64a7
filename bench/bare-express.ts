// The baseline of the API benchmark: bare Express routes answering constant JSON bodies: a small
// one, and (BARE_PAGE_FILE, BARE_SKILL_FILE) a real list page and a real one-skill answer of the
// API, read once at start, to compare the same bytes.
import { readFileSync } from 'node:fs';
import express from 'express';

const app = express();
const body = { data: [{ slug: 'constant', name: 'Constant' }], meta: { requestsRemaining: 1, tier: 'free' } };
app.get('/constant', (_req, res) => {
  res.json(body);
});
const page = process.env.BARE_PAGE_FILE ? JSON.parse(readFileSync(process.env.BARE_PAGE_FILE, 'utf8')) : body;
app.get('/page', (_req, res) => {
  res.json(page);
});
const skill = process.env.BARE_SKILL_FILE ? JSON.parse(readFileSync(process.env.BARE_SKILL_FILE, 'utf8')) : body;
app.get('/skill', (_req, res) => {
  res.json(skill);
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ msg: 'listening', port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
