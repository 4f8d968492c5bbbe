import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $loginOpen, $token } from '~/stores/auth';
import { requestLogin } from '../catalog/session';

/**
 * SPEC §4 for buying: without a session the login dialog opens first, and `then` runs once the viewer
 * has logged in and that dialog has closed, so they come back to what they were doing. Closing the
 * login dialog without logging in forgets the intent.
 */
export function useLoginFirst(then: () => void): () => void {
  const token = useStore($token);
  const loginOpen = useStore($loginOpen);
  // 'asked': the header island may still be loading; 'shown': its dialog has opened.
  const [waiting, setWaiting] = useState<'asked' | 'shown' | null>(null);
  const action = useRef(then);
  useEffect(() => {
    action.current = then;
  }, [then]);

  useEffect(() => {
    if (!waiting) return;
    if (loginOpen) {
      if (waiting === 'asked') setWaiting('shown');
    } else if (token) {
      setWaiting(null);
      action.current();
    } else if (waiting === 'shown') {
      setWaiting(null);
    }
  }, [waiting, loginOpen, token]);

  return useCallback(() => {
    setWaiting('asked');
    requestLogin();
  }, []);
}
