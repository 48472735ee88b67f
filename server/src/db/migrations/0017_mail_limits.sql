CREATE TABLE "mail_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
