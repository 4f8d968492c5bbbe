/**
 * The public module of auth/: what other rooms may import (decision record 0038). Every other
 * file of auth/ is its own business.
 */
export {
  initLogin,
  loginFailureLimits,
  type RequestOrigin,
  sendAccountCode,
  useAccountCode,
} from './login-flow';
export { checkPin, checkPurchasePin, mainPinHash, pinRulesOf, requireMainPin } from './pins';
export { hashPassword, newToken, randomCode, sameHash, tokenHash, verifyPassword } from './secrets';
export { type Authenticated, endAllSessions, selectSessionProfile, toActiveSession } from './sessions';
