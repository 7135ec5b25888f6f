/*
 * The database schema, one file per domain under schema/ (drizzle-kit reads this barrel). A table lives
 * in the file of the module that owns it.
 */
export * from './schema/account.ts';
export * from './schema/role.ts';
export * from './schema/auth.ts';
export * from './schema/mail.ts';
export * from './schema/log.ts';
export * from './schema/certification.ts';
export * from './schema/file.ts';
export * from './schema/operator.ts';
export * from './schema/ledger.ts';
export * from './schema/tasks.ts';
export * from './schema/project.ts';
export * from './schema/partner.ts';
export * from './schema/material.ts';
export * from './schema/product.ts';
export * from './schema/material-relation.ts';
export * from './schema/document.ts';
export * from './schema/gateway-key.ts';
export * from './schema/message.ts';
export * from './schema/ticket.ts';
export * from './schema/checking.ts';
export * from './schema/risk.ts';
export * from './schema/monitor.ts';
export * from './schema/evidence-task.ts';
