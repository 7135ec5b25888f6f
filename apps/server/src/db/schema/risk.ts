import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * Risk rules (spec 3 "Risk rule: name, factors, monitoring objects, notes, enabled flag"). The monitoring
 * objects: all direct suppliers, or the partner enterprises (USCI and name) or project codes listed.
 */
export const riskRules = pgTable(
  'risk_rules',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    monitorKind: text('monitor_kind', { enum: ['suppliers', 'partners', 'projects'] }).notNull(),
    monitorPartners: jsonb('monitor_partners')
      .$type<{ usci: string; name: string }[]>()
      .notNull()
      .default([]),
    monitorProjects: jsonb('monitor_projects').$type<string[]>().notNull().default([]),
    /** Spec 4: true only while the rule has factors (the service refuses otherwise). */
    enabled: boolean('enabled').notNull().default(false),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('risk_rules_enterprise_name_uq').on(t.enterpriseUuid, t.name),
    index('risk_rules_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id),
  ],
);

/**
 * The factors of a rule, one row each, in the order they were set. The columns a kind uses: area: country
 * (required), province and city (null: All); company: the partner's USCI and name; project: its code;
 * watch list: its name, the date it is as of and its entries (names and/or tax numbers).
 */
export const riskRuleFactors = pgTable(
  'risk_rule_factors',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => riskRules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['area', 'company', 'project', 'watchList'] }).notNull(),
    country: text('country'),
    province: text('province'),
    city: text('city'),
    companyUsci: text('company_usci'),
    companyName: text('company_name'),
    projectCode: text('project_code'),
    listName: text('list_name'),
    /** YYYY-MM-DD. */
    listAsOf: text('list_as_of'),
    listEntries: jsonb('list_entries').$type<{ name: string; taxNumber: string }[]>(),
  },
  (t) => [
    index('risk_rule_factors_rule_idx').on(t.ruleId, t.position),
    check(
      'risk_rule_factors_kind_ck',
      sql`(${t.kind} <> 'area' or ${t.country} is not null)
        and (${t.kind} <> 'company' or ${t.companyUsci} is not null)
        and (${t.kind} <> 'project' or ${t.projectCode} is not null)
        and (${t.kind} <> 'watchList' or (${t.listName} is not null and ${t.listAsOf} is not null and ${t.listEntries} is not null))`,
    ),
  ],
);

/** Risk areas (spec 3, 5): country required, province and city null for All, optionally one partner or project. */
export const riskAreas = pgTable(
  'risk_areas',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    country: text('country').notNull(),
    province: text('province'),
    city: text('city'),
    companyUsci: text('company_usci'),
    companyName: text('company_name'),
    projectCode: text('project_code'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('risk_areas_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id)],
);
