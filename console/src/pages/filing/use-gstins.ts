import { useSignedIn } from '../../session/context';
import { useApi, type Loaded } from '../../ui/use-api';

/**
 * The organisation's GSTINs, from its branches (a branch without its own registration files
 * under another's, so it adds none), the default branch's first. Empty when the token may not
 * read branches: the person then types the GSTIN.
 */
export function useGstins(): Loaded<string[]> {
  const { can } = useSignedIn();
  const readable = can('Svc.accounts.READ');
  return useApi(async (api) => {
    if (!readable) return [];
    const { branches } = await api.get('/branches');
    const ordered = [...branches].sort((a, b) => Number(b.is_default) - Number(a.is_default));
    return [...new Set(ordered.flatMap((b) => (b.gstin ? [b.gstin] : [])))];
  }, [readable]);
}
