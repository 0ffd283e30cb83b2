CREATE TABLE "scheduled_job_runs" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"last_run_at" timestamp (3) with time zone NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_run_by" varchar(200) DEFAULT '' NOT NULL
);
