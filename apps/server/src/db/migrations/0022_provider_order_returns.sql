CREATE TABLE "provider_order_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_order_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_order_reference" text NOT NULL,
	"iccid" text NOT NULL,
	"bundle_name" text NOT NULL,
	"assignment_id" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"inventory_refund_started_at" timestamp with time zone,
	"inventory_refund_reference" text,
	"inventory_refunded_at" timestamp with time zone,
	"inventory_refund_cents" integer,
	CONSTRAINT "provider_order_returns_inventory_refund_reference_unique" UNIQUE("inventory_refund_reference"),
	CONSTRAINT "provider_order_returns_once" UNIQUE("iccid","assignment_id")
);
