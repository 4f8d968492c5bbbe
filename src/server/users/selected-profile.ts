import { DomainError } from '../errors';

/**
 * Favorites and the watch list belong to a profile: a session that has not picked one yet is told to
 * pick one (409), and the client shows the profile picker.
 */
export function requireSelectedProfile(auth: { session: { profileId: number | null } }): number {
  const { profileId } = auth.session;
  if (profileId === null) throw new DomainError('conflict', 'profile_required');
  return profileId;
}
