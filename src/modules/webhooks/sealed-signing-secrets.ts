import type { SealedValues } from '../../platform/secrets/sealed-values';

/** Every endpoint's sealed signing secret (deleted endpoints' too), bound to its endpoint id: re-sealed when the server secret changes. */
export const sealedSigningSecrets: SealedValues = {
  name: 'webhook_signing_secrets',
  purpose: 'webhook-signing-secrets',
  async read(tx) {
    const rows = await tx.selectFrom('webhook_endpoints').select(['org_id', 'endpoint_id', 'secret_sealed']).execute();
    return rows.map((row) => ({
      sealed: row.secret_sealed,
      boundTo: row.endpoint_id,
      replace: async (sealed: string) => {
        await tx.updateTable('webhook_endpoints').set({ secret_sealed: sealed })
          .where('org_id', '=', row.org_id).where('endpoint_id', '=', row.endpoint_id).execute();
      },
    }));
  },
};
