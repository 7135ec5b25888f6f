import { App, message as staticMessage, Modal as StaticModal } from 'antd';

type TAppApi = ReturnType<typeof App.useApp>;

// The API client and stores live outside React; they reach antd's context-aware message and modal through
// this holder, which <FeedbackBridge/> fills once the providers are mounted.
let appApi: Pick<TAppApi, 'message' | 'modal'> = { message: staticMessage, modal: StaticModal };

export function bindFeedback(api: Pick<TAppApi, 'message' | 'modal'>): void {
  appApi = api;
}

export const feedback = {
  get message() {
    return appApi.message;
  },
  get modal() {
    return appApi.modal;
  },
};

/** Error toasts stay 5 seconds (spec 8). */
export const ERROR_TOAST_SECONDS = 5;
