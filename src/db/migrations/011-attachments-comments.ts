import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Comments and attachment metadata. Both name their document by (entity_type, entity_id):
 * a comment or a file may sit on any of several kinds of document, so there is no foreign key.
 */
export const attachmentsAndComments: BahiMigration = {
  name: '011-attachments-comments',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('comments')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('comment_id', 'text', (c) => c.notNull())
      .addColumn('entity_type', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('author_user_id', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('comments_pk', ['org_id', 'comment_id'])
      .execute();
    // A document's thread in order, and the removal of a deleted document's comments.
    await s.createIndex('comments_entity').on('comments').columns(['org_id', 'entity_id', 'comment_id']).execute();

    await s.createTable('attachments')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('attachment_id', 'text', (c) => c.notNull())
      .addColumn('entity_type', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('uploaded_by_user_id', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('attachments_pk', ['org_id', 'attachment_id'])
      .execute();
    await s.createIndex('attachments_entity').on('attachments').columns(['org_id', 'entity_id', 'attachment_id']).execute();
  },
};
