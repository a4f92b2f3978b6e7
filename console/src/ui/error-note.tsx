import { BahiError } from '@bahi/sdk';

/** What went wrong, as the API said it: its message, and the field and code a person can act on. */
export function ErrorNote({ error }: { error: Error | undefined }) {
  if (!error) return null;
  const api = error instanceof BahiError ? error : undefined;
  return (
    <p role="alert" class="error-note">
      <strong>{error.message}</strong>
      {api?.field && <> (field <code>{api.field}</code>)</>}
      {api && <> <small>{api.code}{api.request_id && ` · request ${api.request_id}`}</small></>}
    </p>
  );
}
