ALTER TABLE "plan_coverage" ADD COLUMN "networks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "speeds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "fair_use_daily_mb" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "fair_use_reduced_kbps" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_fair_use_whole" CHECK (("plans"."fair_use_daily_mb" is null) = ("plans"."fair_use_reduced_kbps" is null));