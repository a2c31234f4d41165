CREATE TABLE "login_throttle_counts" (
	"ip" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	CONSTRAINT "login_throttle_counts_ip_window_start_pk" PRIMARY KEY("ip","window_start")
);
