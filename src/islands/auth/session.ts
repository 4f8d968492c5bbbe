import type { $Fetch } from 'ofetch';
import { tooManySessionsOf, type SessionCall } from '~/lib/auth-flow';
import type { SessionOpened, VerifyResponse } from '~/shared/auth';
import { dispatch, sessionOpened } from '~/stores/auth';

/**
 * POSTs a call that may open a session (verify, login, reset-password, cross-login). A reply with a
 * token signs the viewer in; a 4th-device refusal moves the flow to MORE_THAN_3_ACTIVE_SESSION keeping
 * what the retry needs (the password or code, SPEC §4) and resolves to null; any other failure is
 * rethrown for the form to mark its fields.
 */
export async function sessionCall<T extends SessionOpened | VerifyResponse = SessionOpened>(
  api: $Fetch,
  call: SessionCall,
  path: string,
  body: Record<string, unknown>,
  secrets: { password?: string; code?: string } = {},
): Promise<T | null> {
  try {
    const reply = await api<T>(path, { method: 'POST', body });
    if (reply.token && reply.me) sessionOpened({ token: reply.token, me: reply.me, next: reply.next });
    return reply;
  } catch (error) {
    const active_sessions = tooManySessionsOf(error);
    if (!active_sessions) throw error;
    dispatch({ type: 'too-many-sessions', call, active_sessions, ...secrets });
    return null;
  }
}
