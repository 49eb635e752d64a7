// Listening and stopping. stop() refuses new connections, lets in-flight requests finish (idle
// keep-alive connections are closed as soon as they are idle), and cuts what is left after the timeout.
import http from 'node:http';
import type { Express } from 'express';

export interface RunningServer {
  server: http.Server;
  port: number;
  stop(timeoutMs: number): Promise<void>;
}

export function listen(app: Express, port: number, host: string): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    // Keep-alive longer than typical load balancer idle timeouts, so they close first.
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({
        server,
        port: actualPort,
        stop: (timeoutMs) =>
          new Promise<void>((done) => {
            const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
            // Keep-alive connections become idle as their last response ends: close them then.
            const sweep = setInterval(() => server.closeIdleConnections(), 100);
            server.close(() => {
              clearTimeout(timer);
              clearInterval(sweep);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
