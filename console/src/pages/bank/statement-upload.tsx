import type { operations } from '@bahi/sdk';
import { useState } from 'preact/hooks';
import { useWrite } from './use-write';
import { WriteStatus } from './write-status';

type StatementForm = operations['importBankStatement']['requestBody']['content']['multipart/form-data'];

const PRESETS = ['HDFC', 'ICICI', 'SBI', 'AXIS', 'KOTAK'];
const FORMATS = ['CSV', 'XLSX', 'OFX', 'CAMT053', 'MT940'];

/**
 * Imports a statement file as the bank gave it, sent as multipart form data: the server finds the
 * format and the bank's columns itself unless they are chosen here.
 */
export function StatementUpload({ accountId, onImported }: { accountId: string; onImported: () => void }) {
  const [file, setFile] = useState<File>();
  const [preset, setPreset] = useState('');
  const [format, setFormat] = useState('');
  const write = useWrite();
  const submit = () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    if (preset) form.append('preset', preset);
    if (format) form.append('format', format);
    // openapi-fetch hands a FormData body to fetch as it is, which sets the multipart boundary.
    void write.run((api) => api.post('/bank_accounts/{account_id}/statements', {
      params: { path: { account_id: accountId } }, body: form as unknown as StatementForm,
    }), onImported);
  };
  return (
    <details>
      <summary>Import a statement</summary>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <div class="grid">
          <label>
            Statement file (CSV, XLSX, OFX, camt.053, MT940; at most 20 MB)
            <input type="file" name="file" required accept=".csv,.xlsx,.ofx,.qfx,.xml,.sta,.940,.txt" onChange={(e) => setFile(e.currentTarget.files?.[0])} />
          </label>
          <label>
            Bank
            <select value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
              <option value="">Found from the header row</option>
              {PRESETS.map((p) => <option key={p} value={p}>{p}</option>)}
            </select>
          </label>
          <label>
            Format
            <select value={format} onChange={(e) => setFormat(e.currentTarget.value)}>
              <option value="">Found from the file</option>
              {FORMATS.map((f) => <option key={f} value={f}>{f}</option>)}
            </select>
          </label>
        </div>
        <button type="submit" disabled={write.busy || !file}>Import</button>
      </form>
      <WriteStatus write={write} />
    </details>
  );
}
