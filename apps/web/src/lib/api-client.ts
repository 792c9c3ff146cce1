import { API_BASE, REQUEST_ID_HEADER } from '@isf/contract';

/** A failed API call: the HTTP status (0 when no response came), the JSON body and the request id. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; detail?: string; fields?: Record<string, string>; [key: string]: unknown } | null,
    readonly requestId: string | null,
    readonly path: string,
  ) {
    super(body?.detail ?? body?.error ?? `HTTP ${status}`);
  }
}

/** What a create answers: whether it saved, and the new record's id. */
export type CreateReply = { success: boolean; id: number };

/** What an update answers: the saved record too, when the server sends it back. */
export type UpdateReply<Saved> = CreateReply & { record?: Saved };

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the global response handling (login screen, footer version, notification polling). */
  silent?: boolean;
};

type GlobalHandler = (error: ApiError) => void;

let token: string | null = null;
let globalHandler: GlobalHandler = () => undefined;
let pending = 0;
const loadingListeners = new Set<(count: number) => void>();

export function setApiToken(value: string | null): void {
  token = value;
}

export function getApiToken(): string | null {
  return token;
}

/** The shell installs the global response handling of spec 1 §8 here. */
export function setGlobalErrorHandler(handler: GlobalHandler): void {
  globalHandler = handler;
}

/**
 * Hands an error of a `silent` call to the global response handling, for callers that handle some
 * statuses themselves and leave the others to the usual rules.
 */
export function reportApiError(error: ApiError): void {
  globalHandler(error);
}

/** The loading counter (spec 1 §7): up on each request, down on each response. */
export function onLoadingChange(listener: (count: number) => void): () => void {
  loadingListeners.add(listener);
  return () => loadingListeners.delete(listener);
}

function setPending(delta: number) {
  pending += delta;
  for (const listener of loadingListeners) {
    listener(pending);
  }
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ''}`;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) {
    headers['content-type'] = 'application/json';
  }
  setPending(1);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    setPending(-1);
    if (cause instanceof DOMException && cause.name === 'AbortError') {
      throw cause;
    }
    const error = new ApiError(0, null, null, path);
    if (!options.silent) {
      globalHandler(error);
    }
    throw error;
  }
  setPending(-1);
  const requestId = response.headers.get(REQUEST_ID_HEADER);
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  const parsed: unknown = contentType.includes('application/json') && text ? JSON.parse(text) : text;
  if (!response.ok) {
    const body = typeof parsed === 'object' && parsed !== null ? (parsed as ApiError['body']) : { error: String(parsed) };
    const error = new ApiError(response.status, body, requestId, path);
    if (!options.silent) {
      globalHandler(error);
    }
    throw error;
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/**
 * Downloads a file the way the spec does (spec 1 §7): a form post carrying the token field, so the
 * browser streams the file to disk itself.
 */
export function downloadByFormPost(path: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = apiUrl(path);
  form.style.display = 'none';
  for (const [name, value] of Object.entries({ ...fields, token: token ?? '' })) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
