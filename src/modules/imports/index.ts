export type { ImportUnit, NameRef, ImportKind } from './import-unit';
