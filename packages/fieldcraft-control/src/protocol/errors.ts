// Every error the channel itself sends, as rows: the code a client can match (`details.code`) and
// whether the connection is closed after the reply. Engine failures pass through with their own details.
export interface ChannelErrorRow {
  message: string;
  closes: boolean;
}

export const CHANNEL_ERRORS = {
  parse_error: { message: "not JSON: the control channel reads one JSON request object per line", closes: true },
  not_a_request: {
    message:
      'not a request: expected a JSON object {"id": <string|integer>, "method": <string>, "params"?: <object>}',
    closes: true,
  },
  request_too_large: { message: "request too large", closes: true },
  unauthenticated: {
    message: 'not authenticated: the first frame must be {"method":"auth","params":{"token":"<64 hex>"}}',
    closes: true,
  },
  bad_token: { message: "authentication failed: wrong token", closes: true },
  auth_timeout: { message: "authentication timed out", closes: true },
  too_many_connections: { message: "too many connections", closes: true },
  idle_timeout: { message: "idle timeout: the connection was closed", closes: true },
  not_loopback: { message: "connections are accepted from loopback addresses only", closes: true },
  shutting_down: { message: "the app is shutting down", closes: true },
  too_many_requests: { message: "too many requests in flight on this connection; wait for replies", closes: false },
  duplicate_id: { message: "a request with this id is already in flight on this connection", closes: false },
  unknown_method: { message: "unknown method", closes: false },
  bad_params: { message: "params must be a JSON object", closes: false },
  reply_too_large: { message: "reply too large", closes: false },
  internal: { message: "internal error", closes: false },
} as const satisfies Record<string, ChannelErrorRow>;

export type ChannelErrorCode = keyof typeof CHANNEL_ERRORS;
