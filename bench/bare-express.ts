// The baseline of the API benchmark: a bare Express route answering a constant JSON body.
import express from 'express';

const app = express();
const body = { data: [{ slug: 'constant', name: 'Constant' }], meta: { requestsRemaining: 1, tier: 'free' } };
app.get('/constant', (_req, res) => {
  res.json(body);
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ msg: 'listening', port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
