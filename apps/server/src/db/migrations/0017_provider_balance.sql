CREATE TABLE "provider_balance" (
	"id" integer PRIMARY KEY NOT NULL,
	"balance_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone
);
