import {
  API_BASE,
  CLIENT_ERROR_CODES,
  ERRORS,
  LIMITS,
  SUCCESS_CODE,
  describeIssue,
  type TEndpoint,
  type TInput,
  type TOutput,
} from '@tracehub/contract';
import { currentLang, i18n, type TI18nKey } from '../i18n';
import { ERROR_TOAST_SECONDS, feedback } from '../shared/feedback';
import { navigateTo } from '../shared/navigation';
import { blockPage } from '../stores/moduleGate';
import { resetSession } from '../stores/session';
import { ApiError } from './errors';
import { fileNameFromDisposition } from './fileNames';
import { getToken, removeToken, type TSessionKind } from './token';

export interface TCallOptions {
  /** No error toast (list pages empty their table instead); code-driven redirects still happen. */
  silent?: boolean;
  /** Bearer to send instead of the session token: the sign-in step's verifyKey before a session exists. */
  bearer?: string;
  /**
   * Whose session token to send. Operator endpoints always use the operator's; this picks it for the
   * endpoints both ends share (file view, logout) when called from the operator end.
   */
  session?: TSessionKind;
  signal?: AbortSignal;
  /** Text fields of a multipart upload, sent before the file (the evidence VIN list's projectNumber). */
  formFields?: Readonly<Record<string, string>>;
  /** F1016 (rows of an uploaded file are invalid): shows the text with a link to the error log instead of a toast. */
  onFileErrorLog?: (error: ApiError) => void;
  /**
   * What the user is told when the request fails for no reason the server gave (lost connection, timeout,
   * an answer that is no envelope): "Delete failed, please try again." rather than the generic text. A
   * reason the server gave is always shown as it is.
   */
  failure?: TI18nKey;
}

export interface TDownload {
  blob: Blob;
  fileName: string | null;
}

type TEnvelopeLike = { code: string; msg: string; data: unknown };

function isEnvelope(value: unknown): value is TEnvelopeLike {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.msg === 'string';
}

/** Puts `:name` segments of a path from the input (encoded); the other fields stay for the query. */
function fillPathParams(path: string, input: unknown): { path: string; rest: unknown } {
  if (!path.includes('/:') || !input || typeof input !== 'object') return { path, rest: input };
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
}

function toQueryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      params.append(key, String(v));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function notifyError(text: string, silent: boolean | undefined): void {
  if (silent) return;
  // The key folds identical messages of parallel failing calls into one toast.
  feedback.message.open({ type: 'error', content: text, duration: ERROR_TOAST_SECONDS, key: text });
}

/** The session an endpoint is called with: operator endpoints belong to the operator end. */
function sessionKindOf(endpoint: TEndpoint, options: TCallOptions): TSessionKind {
  return endpoint.auth === 'operator' ? 'operator' : (options.session ?? 'enterprise');
}

/**
 * The account or its company was disabled (spec 4): the session is over. The user must learn why even from a
 * silent call (a list load), and signs in again, where the disabled company is refused with the same message.
 */
const DISABLED_CODES: readonly string[] = [ERRORS.ACCOUNT_DISABLED.code, ERRORS.COMPANY_DISABLED.code];

/** Applies the envelope rules of spec 8 for a non-success code and returns the error to reject with. */
function businessFailure(envelope: TEnvelopeLike, options: TCallOptions, kind: TSessionKind): ApiError {
  const error = new ApiError('business', envelope.code, envelope.msg, envelope.data ?? null);
  if (envelope.code === CLIENT_ERROR_CODES.moduleNotConfigured && kind === 'enterprise') {
    // Spec 6: the page shows "contact the enterprise administrator" in place of its content. A toast
    // would come back with every call the page repeats.
    blockPage(window.location.pathname);
  } else if (envelope.code === CLIENT_ERROR_CODES.fileErrorLog && options.onFileErrorLog)
    options.onFileErrorLog(error);
  else notifyError(envelope.msg, options.silent && !DISABLED_CODES.includes(envelope.code));

  const sessionEnded =
    CLIENT_ERROR_CODES.resetToken.includes(envelope.code) ||
    envelope.code === CLIENT_ERROR_CODES.redirectLogin;
  if (kind === 'operator') {
    // The operator end has its own sign-in page; the enterprise session in this browser is left alone.
    if (sessionEnded) {
      removeToken('operator');
      window.location.assign('/operator/login');
    }
  } else if (DISABLED_CODES.includes(envelope.code)) {
    // Without its token the guard sends the page to sign-in; during sign-in there is none to drop.
    if (getToken()) {
      removeToken();
      resetSession();
    }
  } else if (envelope.code === CLIENT_ERROR_CODES.redirectRoot) {
    navigateTo('/');
  } else if (CLIENT_ERROR_CODES.resetToken.includes(envelope.code)) {
    removeToken();
    window.location.reload();
  } else if (envelope.code === CLIENT_ERROR_CODES.redirectLogin) {
    // The server no longer knows the token: drop it, or the guard would send /login straight back home.
    removeToken();
    window.location.assign('/login');
  }
  return error;
}

function prepareInput<E extends TEndpoint>(endpoint: E, input: TInput<E>, options: TCallOptions): unknown {
  const parsed = endpoint.input.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const text = issue ? describeIssue(issue, currentLang()) : parsed.error.message;
  notifyError(text, options.silent);
  throw new ApiError('invalid', null, text, parsed.error.issues);
}

/**
 * Sends one request and hands the response to `read` while the 100 s timeout (spec 9) still runs, so a
 * stalled body counts against it too.
 */
async function exchange<E extends TEndpoint, R>(
  endpoint: E,
  input: TInput<E>,
  options: TCallOptions,
  read: (response: Response) => Promise<R>,
  multipart?: FormData,
): Promise<R> {
  const body = prepareInput(endpoint, input, options);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, LIMITS.requestTimeoutMs);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = { 'Accept-Language': currentLang() };
  const bearer = options.bearer ?? getToken(sessionKindOf(endpoint, options));
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  // A multipart upload sends its input as the query and the file as the body (the browser sets the boundary).
  const inQuery = endpoint.method === 'GET' || multipart !== undefined;
  if (!inQuery) headers['Content-Type'] = 'application/json';
  const { path, rest } = fillPathParams(endpoint.path, body);
  const url = `${API_BASE}${path}${inQuery ? toQueryString(rest) : ''}`;

  try {
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: multipart ?? (endpoint.method === 'GET' ? undefined : JSON.stringify(body ?? {})),
      signal: controller.signal,
    });
    return await read(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) {
      const text = i18n.t(options.failure ?? 'common.request.timeout');
      notifyError(text, options.silent);
      throw new ApiError('timeout', null, text);
    }
    if (options.signal?.aborted) throw new ApiError('aborted', null, 'aborted');
    const text = i18n.t(options.failure ?? 'common.request.network');
    notifyError(text, options.silent);
    throw new ApiError('network', null, text);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

async function readJsonEnvelope(
  response: Response,
  options: TCallOptions,
  kind: TSessionKind,
): Promise<TEnvelopeLike> {
  const isJson = (response.headers.get('Content-Type') ?? '').includes('json');
  const payload: unknown = isJson ? await response.json().catch(() => null) : null;
  if (!isEnvelope(payload)) {
    const text = options.failure
      ? i18n.t(options.failure)
      : i18n.t('common.request.failed', { status: response.status });
    notifyError(text, options.silent);
    throw new ApiError('network', null, text);
  }
  if (payload.code !== SUCCESS_CODE) throw businessFailure(payload, options, kind);
  return payload;
}

/** Calls a contract endpoint and resolves with the envelope's data; every failure rejects with an ApiError. */
export async function call<E extends TEndpoint>(
  endpoint: E,
  input: TInput<E>,
  options: TCallOptions = {},
): Promise<TOutput<E>> {
  const envelope = await exchange(endpoint, input, options, (response) =>
    readJsonEnvelope(response, options, sessionKindOf(endpoint, options)),
  );
  return envelope.data as TOutput<E>;
}

/**
 * Uploads a file to a multipart endpoint (field `file`); the endpoint's input goes in the query string.
 * Resolves with the envelope's data like `call`.
 */
export async function upload<E extends TEndpoint>(
  endpoint: E,
  input: TInput<E>,
  file: File,
  options: TCallOptions = {},
): Promise<TOutput<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.formFields ?? {})) form.append(name, value);
  form.append('file', file, file.name);
  const envelope = await exchange(
    endpoint,
    input,
    options,
    (response) => readJsonEnvelope(response, options, sessionKindOf(endpoint, options)),
    form,
  );
  return envelope.data as TOutput<E>;
}

/**
 * Downloads a file from an endpoint. A JSON answer is an envelope: a non-success code is an error like any
 * other call (spec 8: "a blob download that returns JSON with a non-0000 code is treated as an error").
 */
export async function download<E extends TEndpoint>(
  endpoint: E,
  input: TInput<E>,
  options: TCallOptions = {},
): Promise<TDownload> {
  return exchange(endpoint, input, options, async (response) => {
    const contentType = response.headers.get('Content-Type') ?? '';
    if (contentType.includes('json')) {
      const clone = response.clone();
      const payload: unknown = await response.json().catch(() => null);
      if (isEnvelope(payload) && payload.code !== SUCCESS_CODE)
        throw businessFailure(payload, options, sessionKindOf(endpoint, options));
      return {
        blob: await clone.blob(),
        fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
      };
    }
    if (!response.ok) {
      const text = options.failure
        ? i18n.t(options.failure)
        : i18n.t('common.request.failed', { status: response.status });
      notifyError(text, options.silent);
      throw new ApiError('network', null, text);
    }
    return {
      blob: await response.blob(),
      fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
    };
  });
}

/** Saves a downloaded blob through a temporary link. */
export function saveDownload({ blob, fileName }: TDownload, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
