import { useQuery } from '@tanstack/react-query';
import { api, type TInput, type TMessageItem } from '@tracehub/contract';
import { call } from '../../api/client';
import type { TRenderContext } from '../../shared/list/types';
import { renderMessage } from '@tracehub/contract';

/** Query keys of the message centre: every one under `all`, so a list action refreshes the bell too. */
export const messageKeys = {
  all: ['message'] as const,
  list: (request: TInput<typeof api.message.messagePageList>) =>
    [...messageKeys.all, 'list', request] as const,
  detail: (id: number) => [...messageKeys.all, 'detail', id] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  latest: () => [...messageKeys.all, 'latest'] as const,
  configs: () => [...messageKeys.all, 'configs'] as const,
};

/** How often the bell asks for the unread count (spec 2.2); not while the tab is hidden. */
export const UNREAD_POLL_MS = 30_000;

/** The caller's unread count, polled while the tab is visible. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: () => call(api.message.unreadCount, {}),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** A message's title and body in the reader's language (messages are stored as type and params). */
export const messageText = (m: Pick<TMessageItem, 'type' | 'params'>, ctx: Pick<TRenderContext, 'lang'>) =>
  renderMessage(m.type, m.params, ctx.lang);
