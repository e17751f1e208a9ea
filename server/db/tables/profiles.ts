import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  EducationEntry,
  ExperienceEntry,
  ProfileCardSettings,
  SocialLink,
} from '../../../shared/profiles/schemas';

/** A jsonb list with a default: written as JSON text, read as the list. */
type JsonList<T> = ColumnType<T[], string | undefined, string>;

/** The profile beyond what `users` holds (name, avatar, email, username, privacy). */
export interface ProfilesTable {
  user_id: string;
  bio: Generated<string>;
  job_title: Generated<string>;
  company: Generated<string>;
  location: Generated<string>;
  phone: Generated<string>;
  website: Generated<string>;
  /** A `date`: pg reads it as a local Date, so reads format it in SQL (`to_char`). */
  birth_date: ColumnType<Date | null, string | null | undefined, string | null>;
  banner: ColumnType<string | null, string | null | undefined, string | null>;
  banner_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  avatar_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  skills: JsonList<string>;
  interests: JsonList<string>;
  languages: JsonList<string>;
  certifications: JsonList<string>;
  experience: JsonList<ExperienceEntry>;
  education: JsonList<EducationEntry>;
  social_links: JsonList<SocialLink>;
  card_settings: JSONColumnType<ProfileCardSettings>;
  /** Bumped by every change of the profile, under the row lock. */
  version: Generated<number>;
  updated_at: Date;
}
