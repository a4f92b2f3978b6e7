/** Forward through a cursor-paged list, or back to its first page (the API's cursors go one way). */
export function Pager({ next, onPage, atStart }: { next: string | undefined; onPage: (cursor: string | undefined) => void; atStart: boolean }) {
  if (!next && atStart) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {!atStart && <button type="button" class="secondary" onClick={() => onPage(undefined)}>First page</button>}
      {next && <button type="button" onClick={() => onPage(next)}>Next page</button>}
    </nav>
  );
}
