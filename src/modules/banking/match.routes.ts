import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import {
  AccountSuggestionsQuery, BankAccountIdParam, BankMatch, BankMatchCandidate, BankTransactionIdParam, LineWithSuggestions, MatchBody,
} from './match.schemas';
import type { MatchService } from './match.service';

const tags = ['Banking'];

export function matchRoutes(matches: MatchService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/bank_transactions/:bank_transaction_id/suggestions', operationId: 'getBankTransactionSuggestions', tags,
      summary: "The book entries of exactly an unmatched line's amount within bankMatchWindowDays of its date, best first, each with its score and reasons",
      access: 'Svc.banking.READ', params: BankTransactionIdParam, response: { suggestions: Type.Array(BankMatchCandidate) },
      handle: ({ ctx, params }) => matches.suggestions(ctx, params.bank_transaction_id),
    }),
    route({
      method: 'GET', url: '/bank_transactions/:bank_transaction_id/candidates', operationId: 'getBankTransactionCandidates', tags,
      summary: "Every unmatched book entry posting to an unmatched line's account within bankMatchWindowDays of its date, whatever its amount, best first: what a match of several entries or lines is chosen from",
      access: 'Svc.banking.READ', params: BankTransactionIdParam, response: { candidates: Type.Array(BankMatchCandidate) },
      handle: ({ ctx, params }) => matches.candidates(ctx, params.bank_transaction_id),
    }),
    route({
      method: 'GET', url: '/bank_accounts/:account_id/suggestions', operationId: 'listBankAccountSuggestions', tags,
      summary: "A BANK or CASH account's unmatched lines in the bank's order, each with its suggestions",
      access: 'Svc.banking.READ', params: BankAccountIdParam, query: AccountSuggestionsQuery,
      response: { bank_transactions: Type.Array(LineWithSuggestions), page_context: PageContext },
      handle: ({ ctx, params, query }) => matches.accountSuggestions(ctx, params.account_id, query),
    }),
    route({
      method: 'POST', url: '/bank_transactions/:bank_transaction_id/match', operationId: 'matchBankTransaction', tags,
      summary: 'Matches the line (and any further lines of its account) to book entries: one line with several entries or several lines with one, adding up to the paisa',
      access: 'Svc.banking.UPDATE', params: BankTransactionIdParam, body: MatchBody, status: 201,
      message: 'The bank line has been matched.', response: { bank_match: BankMatch },
      handle: ({ ctx, params, body }) => matches.match(ctx, params.bank_transaction_id, body),
    }),
    route({
      method: 'DELETE', url: '/bank_transactions/:bank_transaction_id/match', operationId: 'unmatchBankTransaction', tags, failsWithCodes: ['conflict.reconciled'],
      summary: "Removes the match the line is in, for all its lines; refused while any of them is in a closed reconciliation",
      access: 'Svc.banking.UPDATE', params: BankTransactionIdParam,
      message: 'The bank line has been unmatched.', response: { bank_match: BankMatch },
      handle: ({ ctx, params }) => matches.unmatch(ctx, params.bank_transaction_id),
    }),
  ];
}
