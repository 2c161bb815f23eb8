CREATE TABLE "catalog_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"markup_percent" double precision,
	"markup_rounding" text,
	"markup_saved_at" timestamp with time zone,
	"markup_saved_by" text,
	"sync_lease_until" timestamp with time zone,
	CONSTRAINT "catalog_settings_one_row" CHECK ("catalog_settings"."id" = 1),
	CONSTRAINT "catalog_settings_markup_whole" CHECK (("catalog_settings"."markup_percent" is null) = ("catalog_settings"."markup_rounding" is null))
);
--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "kind" text DEFAULT 'sync' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "price_changed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "requested_by" text;