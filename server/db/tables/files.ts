import type { Generated } from 'kysely';

export interface FilesTable {
  id: string;
  key: string;
  owner_id: string;
  folder: string;
  name: string;
  mime_type: string;
  kind: 'image' | 'video' | 'audio' | 'document' | 'other';
  /** bigint, read as a number (server/db/database.ts): files stay far below 2^53 bytes. */
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  is_public: boolean;
  is_starred: Generated<boolean>;
  is_archived: Generated<boolean>;
  tags: Generated<string[]>;
  description: Generated<string>;
  views: Generated<number>;
  poster_key: string | null;
  metadata_stripped: boolean;
  uploaded_at: Date;
  version: Generated<number>;
}
