import { createElement } from 'preact';
import { documentListHref, DOCUMENT_KINDS } from '../links';
import type { Page } from '../page';
import { DocumentList } from './document-list';
import { DocumentPage } from './document-page';
import { KINDS } from './kinds';

/**
 * Each kind's list (in the menu, under its own scope) and each kind's document page; journals'
 * rows lead to the journal page, so they have no page here. Both are the one generic list and
 * page, given the kind's settings.
 */
export const documentsPages: Page[] = DOCUMENT_KINDS.flatMap((name) => {
  const kind = KINDS[name];
  const list: Page = {
    path: documentListHref(name), title: kind.title, scope: kind.scope, nav: 'Documents',
    component: () => createElement(DocumentList, { kind }),
  };
  const page: Page = {
    path: `${documentListHref(name)}/:id`, title: kind.one, scope: kind.scope,
    component: ({ id }: { id: string }) => createElement(DocumentPage, { kind, id }),
  };
  return kind.href ? [list] : [list, page];
});
