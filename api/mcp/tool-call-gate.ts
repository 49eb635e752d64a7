// Where tool calls are counted: between the transport and the server, so every tools/call request
// the transport accepted counts once (unknown tools and invalid arguments included, as a REST
// request that ends in 400 counts) and a call over the limit never reaches the server: it is
// answered with a tool error result saying RATE_LIMIT_EXCEEDED.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CountToolCall } from './call-counter.ts';
import { toolErrorResult } from './tool-kit.ts';

/** Call after server.connect(transport), which installs the server's message handler. */
export function gateToolCalls(transport: Transport, count: CountToolCall, log: Logger): void {
  const deliver = transport.onmessage;
  if (!deliver) throw new Error('gateToolCalls needs a transport already connected to a server');
  transport.onmessage = (message, extra) => {
    if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return deliver(message, extra);
    count().then(
      () => deliver(message, extra),
      (err: unknown) => {
        let answer: JSONRPCMessage;
        if (err instanceof AppError) {
          answer = { jsonrpc: '2.0', id: message.id, result: toolErrorResult(err) };
        } else {
          log.error('counting a tool call failed', { err });
          answer = { jsonrpc: '2.0', id: message.id, error: { code: -32603, message: 'Internal error: the call could not be counted; retry shortly' } };
        }
        transport.send(answer, { relatedRequestId: message.id }).catch((sendErr: unknown) => log.warn('refusal not sent', { err: sendErr }));
      },
    );
  };
}
