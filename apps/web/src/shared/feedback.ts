import { message as staticMessage } from 'antd';
import type { App } from 'antd';

type TMessageApi = ReturnType<typeof App.useApp>['message'];

// The API client lives outside React; it reaches antd's context-aware message API (theme, locale) through
// this holder, which <FeedbackBridge/> fills once the providers are mounted.
let messageApi: TMessageApi = staticMessage;

export function bindFeedback(api: TMessageApi): void {
  messageApi = api;
}

export const feedback = {
  get message(): TMessageApi {
    return messageApi;
  },
};

/** Error toasts stay 5 seconds (spec 8). */
export const ERROR_TOAST_SECONDS = 5;
