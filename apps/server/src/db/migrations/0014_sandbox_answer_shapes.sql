ALTER TABLE "esimgo_sandbox_settings" ADD COLUMN "install_details_shape" text DEFAULT 'object' NOT NULL;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_settings" ADD COLUMN "orders_list_shape" text DEFAULT 'bare' NOT NULL;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_settings" ADD COLUMN "callback_bundle_id_shape" text DEFAULT 'absent' NOT NULL;