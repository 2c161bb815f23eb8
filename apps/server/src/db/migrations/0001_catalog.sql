CREATE TABLE "catalog_syncs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bundles" integer NOT NULL,
	"inserted" integer NOT NULL,
	"updated" integer NOT NULL,
	"retired" integer NOT NULL,
	"unchanged" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "countries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"iso" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"home_region" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_iso_unique" UNIQUE("iso")
);
--> statement-breakpoint
CREATE TABLE "plan_coverage" (
	"plan_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "plan_coverage_plan_id_country_id_pk" PRIMARY KEY("plan_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "plan_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"display_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"provider_group" text NOT NULL,
	"group_id" integer NOT NULL,
	"country_id" integer,
	"region_id" integer,
	"data_amount_mb" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"unlimited" boolean NOT NULL,
	"autostart" boolean NOT NULL,
	"image_url" text NOT NULL,
	"provider_price_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "plans_name_unique" UNIQUE("name"),
	CONSTRAINT "plans_one_destination" CHECK (("plans"."country_id" is null) <> ("plans"."region_id" is null)),
	CONSTRAINT "plans_price_covers_cost" CHECK ("plans"."price_cents" >= "plans"."provider_price_cents")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"display_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "plan_coverage" ADD CONSTRAINT "plan_coverage_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_coverage" ADD CONSTRAINT "plan_coverage_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_group_id_plan_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."plan_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_country_idx" ON "plans" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "plans_region_idx" ON "plans" USING btree ("region_id");