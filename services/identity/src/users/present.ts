import type { User } from '@commonwork/contracts';
import type { UserRow } from '../tables.ts';

/**
 * The user as `viewerId` may see them. Yourself: everything. Others: no preferences; email and
 * phone only when the owner shows them; a private profile shows only its card (spec 002 §6 says
 * private profiles are for connected users, and there are no connections yet).
 */
export function presentUser(row: UserRow, viewerId: string | null): User {
  const self = viewerId === row.id;
  const privacy = row.preferences.privacy;
  const hidden = !self && privacy.profileVisibility === 'private';
  const { location, website, github, twitter, linkedin } = row.links;
  const bio = hidden ? '' : row.bio;
  const skills = hidden ? [] : row.skills;
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: self || (!hidden && privacy.showEmail) ? row.email : '',
    username: row.username,
    bio,
    phone: self || (!hidden && privacy.showPhone) ? row.phone : '',
    picture: row.picture,
    picturePublicId: self ? row.picture_public_id : '',
    role: row.role,
    plan: row.plan,
    authProvider: 'google',
    status: 'offline',
    title: hidden ? '' : row.title,
    skills,
    rating: row.rating,
    reviewCount: row.review_count,
    profile: hidden
      ? { bio: '', location: '', website: '', github: '', twitter: '', linkedin: '', skills: [] }
      : { bio, location, website, github, twitter, linkedin, skills },
    ...(self && { preferences: row.preferences }),
    ...(hidden && { isPrivate: true }),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}
