export { matchService, type MatchService } from './match.service';
export { matchRoutes } from './match.routes';
export { autoMatchOnImport, type ImportedLines } from './match-on-import';
export { matchesOfLines } from './match.presenter';
