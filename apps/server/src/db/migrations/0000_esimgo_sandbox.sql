CREATE SEQUENCE "public"."esimgo_sandbox_iccid_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "esimgo_sandbox_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esimgo_sandbox_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"iccid" text NOT NULL,
	"order_reference" text NOT NULL,
	"bundle_name" text NOT NULL,
	"initial_bytes" bigint NOT NULL,
	"duration_days" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esimgo_sandbox_esims" (
	"iccid" text PRIMARY KEY NOT NULL,
	"matching_id" text NOT NULL,
	"smdp_address" text NOT NULL,
	"profile_status" text DEFAULT 'Released' NOT NULL,
	"pin" text NOT NULL,
	"puk" text NOT NULL,
	"first_installed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esimgo_sandbox_orders" (
	"reference" text PRIMARY KEY NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esimgo_sandbox_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"clock_offset_ms" bigint DEFAULT 0 NOT NULL,
	"fault_mode" text DEFAULT 'none' NOT NULL,
	"fault_remaining" integer,
	"retry_after_seconds" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "esimgo_sandbox_settings_single_row" CHECK ("esimgo_sandbox_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_assignments" ADD CONSTRAINT "esimgo_sandbox_assignments_iccid_esimgo_sandbox_esims_iccid_fk" FOREIGN KEY ("iccid") REFERENCES "public"."esimgo_sandbox_esims"("iccid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_assignments" ADD CONSTRAINT "esimgo_sandbox_assignments_order_reference_esimgo_sandbox_orders_reference_fk" FOREIGN KEY ("order_reference") REFERENCES "public"."esimgo_sandbox_orders"("reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esimgo_sandbox_assignments_iccid_idx" ON "esimgo_sandbox_assignments" USING btree ("iccid");--> statement-breakpoint
CREATE INDEX "esimgo_sandbox_assignments_order_idx" ON "esimgo_sandbox_assignments" USING btree ("order_reference");