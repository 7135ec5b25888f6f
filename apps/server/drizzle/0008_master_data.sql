CREATE TABLE "material_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"direction" text NOT NULL,
	"partner_id" integer,
	"partner_code" text NOT NULL,
	"partner_name" text NOT NULL,
	"partner_material_no" text NOT NULL,
	"partner_material_name" text DEFAULT '' NOT NULL,
	"material_id" integer,
	"product_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"nature" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"tracing_object" boolean DEFAULT false NOT NULL,
	"weight" numeric(13, 4),
	"unit" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"supplier_material_code" text DEFAULT '' NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"receipt_no" text DEFAULT '' NOT NULL,
	"receipt_time" timestamp with time zone,
	"quality_file_key" text,
	"quality_file_name" text,
	"quality_file_hash" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"partner_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"usci" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"partner_enterprise_uuid" text,
	"invite_status" text DEFAULT 'none' NOT NULL,
	"invite_error" text,
	"invited_at" timestamp with time zone,
	"invite_import_id" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_carbon" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"product_id" integer NOT NULL,
	"base_year" integer NOT NULL,
	"result" numeric(17, 4) NOT NULL,
	"lca_file_key" text NOT NULL,
	"lca_file_name" text NOT NULL,
	"lca_file_hash" text NOT NULL,
	"authority" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_materials" (
	"enterprise_uuid" text NOT NULL,
	"product_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	CONSTRAINT "product_materials_pk" PRIMARY KEY("product_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"vin_sn" text DEFAULT '' NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"weight" numeric(13, 4),
	"project_code_id" integer,
	"did" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "material_relations_uq" ON "material_relations" USING btree ("enterprise_uuid","direction","partner_code","partner_material_no");--> statement-breakpoint
CREATE INDEX "material_relations_material_idx" ON "material_relations" USING btree ("enterprise_uuid","material_id");--> statement-breakpoint
CREATE INDEX "material_relations_partner_idx" ON "material_relations" USING btree ("enterprise_uuid","partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_enterprise_nature_code_batch_uq" ON "materials" USING btree ("enterprise_uuid","nature","code","batch_no");--> statement-breakpoint
CREATE INDEX "materials_enterprise_created_idx" ON "materials" USING btree ("enterprise_uuid","nature","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_enterprise_type_code_uq" ON "partners" USING btree ("enterprise_uuid","partner_type","code");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_enterprise_type_usci_uq" ON "partners" USING btree ("enterprise_uuid","partner_type","usci");--> statement-breakpoint
CREATE INDEX "partners_enterprise_created_idx" ON "partners" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
CREATE INDEX "product_carbon_product_idx" ON "product_carbon" USING btree ("enterprise_uuid","product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_materials_material_idx" ON "product_materials" USING btree ("enterprise_uuid","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_uuid_uq" ON "products" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "products_enterprise_code_batch_vin_uq" ON "products" USING btree ("enterprise_uuid","code","batch_no","vin_sn");--> statement-breakpoint
CREATE INDEX "products_enterprise_created_idx" ON "products" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
CREATE INDEX "products_project_idx" ON "products" USING btree ("enterprise_uuid","project_code_id");--> statement-breakpoint
-- Row-level security of the master-data tables (see 0002): every row belongs to one enterprise.
ALTER TABLE partners ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE partners FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON partners TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON partners TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE materials ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE materials FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON materials TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON materials TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON products TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON products TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE product_materials ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE product_materials FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON product_materials TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON product_materials TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE product_carbon ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE product_carbon FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON product_carbon TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON product_carbon TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE material_relations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE material_relations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON material_relations TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON material_relations TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Certified enterprises by USCI, for the settlement of partners (a partner is settled once a certified
-- enterprise with its USCI exists on the platform). A tenant request sees only its own enterprise; this
-- answers only the identity a counterparty may know (uuid, USCI, names, DID), never other data.
CREATE FUNCTION tracehub_certified_enterprises(uscis text[]) RETURNS TABLE(uuid text, usci text, name text, english_name text, did text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT e.uuid, e.usci, e.name, e.english_name, e.did FROM enterprises e WHERE e.usci = ANY(uscis) AND e.did IS NOT NULL
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_certified_enterprises(text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_certified_enterprises(text[]) TO tracehub_app;
