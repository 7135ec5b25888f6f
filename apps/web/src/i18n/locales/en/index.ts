import type { TLocale } from '../zh';
import { common } from './common';
import { layout } from './layout';
import { auth } from './auth';
import { home } from './home';
import { workbench } from './workbench';
import { userCenter } from './userCenter';
import { log } from './log';
import { message } from './message';
import { errors } from './errors';
import { identify } from './identify';
import { operator } from './operator';
import { account } from './account';
import { ledger } from './ledger';
import { verify } from './verify';
import { imports } from './imports';
import { tasks } from './tasks';
import { project } from './project';
import { product } from './product';
import { partner } from './partner';
import { materialRelation } from './materialRelation';
import { material } from './material';
import { dataManagement } from './dataManagement';
import { graph } from './graph';
import { fileErrorLog } from './fileErrorLog';
import { document } from './document';
import { gatewayKey } from './gatewayKey';
import { search } from './search';
import { records } from './records';
import { ticket } from './ticket';
import { checking } from './checking';
import { risk } from './risk';
import { monitor } from './monitor';
import { evidenceTask } from './evidenceTask';
import { map } from './map';

export const en: TLocale = {
  common,
  layout,
  auth,
  home,
  workbench,
  userCenter,
  log,
  message,
  errors,
  identify,
  operator,
  account,
  ledger,
  verify,
  imports,
  tasks,
  project,
  product,
  partner,
  materialRelation,
  material,
  dataManagement,
  graph,
  fileErrorLog,
  document,
  gatewayKey,
  search,
  records,
  ticket,
  checking,
  risk,
  monitor,
  evidenceTask,
  map,
};
