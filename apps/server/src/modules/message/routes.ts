import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import * as message from './service.ts';
import { subscribeToTasks } from './task-events.ts';

export function messageRoutes(app: FastifyInstance, deps: AppDeps): void {
  subscribeToTasks(deps.mailer);
  const m = api.message;
  registerEndpoint(app, deps, m.messagePageList, (input, { db, tenant }) =>
    message.listMessages(db, tenant, input),
  );
  registerEndpoint(app, deps, m.messageFindInfo, (input, { db, tenant }) =>
    message.messageDetail(db, tenant, input.id),
  );
  registerEndpoint(app, deps, m.unreadCount, (_input, { db, tenant }) => message.unreadCount(db, tenant));
  registerEndpoint(app, deps, m.deleteMessage, (input, { db, tenant }) =>
    message.deleteMessages(db, tenant, input),
  );
  registerEndpoint(app, deps, m.readMarkMessage, (input, { db, tenant }) =>
    message.markRead(db, tenant, input),
  );
  registerEndpoint(app, deps, m.selectMessageConfigList, (_input, { db, tenant }) =>
    message.configList(db, tenant),
  );
  registerEndpoint(app, deps, m.updateMessageConfigStatus, (input, { db, tenant }) =>
    message.updateConfig(db, tenant, input),
  );
}
