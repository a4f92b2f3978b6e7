import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import type { paths } from './generated/schema.js';

/** The methods the public API uses. */
export type Method = 'get' | 'put' | 'post' | 'delete';

export type RawClient = Client<paths>;
export type PathOf<M extends Method> = ClientPathsWithMethod<RawClient, M>;
export type InitOf<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M & keyof paths[P]>;

type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init argument: optional when nothing in it is required (openapi-fetch's own rule). */
export type InitArg<I> = RequiredKeysOf<I> extends never ? [init?: I] : [init: I];

/** The success body of an operation (what a call resolves to). */
export type Answer<M extends Method, P extends PathOf<M>, I = object> = MethodResponse<RawClient, M, P, I>;

/** One typed call per method: the path and its params and body, resolving to the success body. */
export type Call<M extends Method> = <P extends PathOf<M>, I extends InitOf<P, M>>(path: P, ...init: InitArg<I>) => Promise<Answer<M, P, I>>;
