import { isoTimestamp } from '../../kernel/local-date';
import type { AttachmentRow } from './attachments.repository';

export function presentAttachment(a: AttachmentRow, downloadUrl: string) {
  return {
    attachment_id: a.attachment_id,
    entity_type: a.entity_type,
    entity_id: a.entity_id,
    filename: a.filename,
    content_type: a.content_type,
    size_bytes: a.size_bytes,
    description: a.description,
    download_url: downloadUrl,
    uploaded_by_user_id: a.uploaded_by_user_id,
    created_time: isoTimestamp(new Date(a.created_time)),
  };
}
