/**
 * The public module of users/: what other rooms may import (decision record 0038). Every other
 * file of users/ is its own business.
 */
export { accountByUserName, findUserByUserName } from './by-user-name';
export { describeMe, listProfiles, lockUser, preferencesOf, toProfile, type UserRow } from './me';
export {
  ageLimitOf,
  ageLimitOfGate,
  allowedCards,
  assertRatingAllowed,
  gateOfSession,
  notOnProfile,
  titleAllowed,
} from './kids';
export { rolesOf } from './roles';
export { requireSelectedProfile } from './selected-profile';
