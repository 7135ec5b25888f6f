import type { ComponentType, LazyExoticComponent } from 'react';
import {
  AuditOutlined,
  BankOutlined,
  BarcodeOutlined,
  CustomerServiceOutlined,
  MailOutlined,
  NumberOutlined,
} from '@ant-design/icons';
import { lazyPage } from '../../app/lazyPage';
import './operator.css';

export type TOperatorPageKey = 'enterprise' | 'certification' | 'ticket' | 'idRule' | 'codeRule' | 'outbox';

export interface TOperatorPage {
  key: TOperatorPageKey;
  /** Below /operator. */
  path: string;
  icon: ComponentType;
  component: LazyExoticComponent<ComponentType>;
}

/**
 * The operator end's pages, in sidebar order. Unlike the enterprise end they are fixed: every operator
 * sees all of them, so no server menu is involved.
 */
export const OPERATOR_PAGES: readonly TOperatorPage[] = [
  {
    key: 'enterprise',
    path: 'enterprise',
    icon: BankOutlined,
    component: lazyPage(() => import('./enterprises/EnterprisesPage')),
  },
  {
    key: 'certification',
    path: 'certification',
    icon: AuditOutlined,
    component: lazyPage(() => import('./certification/CertificationAuditPage')),
  },
  {
    key: 'ticket',
    path: 'workOrder',
    icon: CustomerServiceOutlined,
    component: lazyPage(() => import('../ticket/operator/OperatorTicketsPage')),
  },
  {
    key: 'idRule',
    path: 'idRule',
    icon: BarcodeOutlined,
    component: lazyPage(() => import('./rules/IdRulesPage')),
  },
  {
    key: 'codeRule',
    path: 'codeRule',
    icon: NumberOutlined,
    component: lazyPage(() => import('./rules/CodeRulesPage')),
  },
  {
    key: 'outbox',
    path: 'outbox',
    icon: MailOutlined,
    component: lazyPage(() => import('./outbox/OutboxPage')),
  },
];

export const operatorPath = (page: Pick<TOperatorPage, 'path'>) => `/operator/${page.path}`;
