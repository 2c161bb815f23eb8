CREATE TABLE "outside_call_hours" (
	"service" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"ok" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outside_call_hours_service_hour_pk" PRIMARY KEY("service","hour"),
	CONSTRAINT "outside_call_hours_counts" CHECK ("outside_call_hours"."ok" >= 0 and "outside_call_hours"."failed" >= 0)
);
